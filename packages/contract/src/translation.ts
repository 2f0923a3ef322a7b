import { z } from 'zod';

export const namespaceSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, 'invalid namespace');

export const translationQuerySchema = z.object({
  // `namespace[]=A&namespace[]=B`, `namespace=A&namespace=B` or `namespace=A,B`
  namespace: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(namespaceSchema).min(1).max(40)),
});

export const translationItemSchema = z.object({
  key: z.string(),
  id: z.string(),
  namespace: z.string(),
  de: z.string(),
  en: z.string(),
});
export type TranslationItem = z.infer<typeof translationItemSchema>;

/** A text's key, as `TranslationItem.key` answers it and the admin console searches it: `namespace.id`. */
export const translationKey = (text: { namespace: string; id: string }): string => `${text.namespace}.${text.id}`;

export const translationListSchema = z.array(translationItemSchema);
