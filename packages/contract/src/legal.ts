import { z } from 'zod';
import { i18nTextSchema } from './common.js';

export const legalItemSchema = z.object({
  key: z.string(),
  id: z.string(),
  interner_name: z.string(),
  title: i18nTextSchema,
  /** HTML from the catalogue; the web app sanitizes it before rendering (see docs/security.md). */
  html: i18nTextSchema,
  lastModified: z.string(),
});
export type LegalItem = z.infer<typeof legalItemSchema>;
export const legalListSchema = z.array(legalItemSchema);
