import { z } from 'zod';

/** Text in both languages; the client shows `de` when the current language has none. */
export const i18nTextSchema = z.object({ de: z.string(), en: z.string() });
export type I18nText = z.infer<typeof i18nTextSchema>;

/** Opaque ids: letters and digits only, so `/{slug}-{id}` splits at the last '-'. */
export const idSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'invalid id');

export const languageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof languageSchema>;

export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

export const accountingSchema = z.enum(['request', 'pageview', 'monthly']);
export type Accounting = z.infer<typeof accountingSchema>;
