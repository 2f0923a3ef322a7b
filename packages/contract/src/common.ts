import { z } from 'zod';

/** Text in both languages; the client shows `de` when the current language has none. */
export const i18nTextSchema = z.object({ de: z.string(), en: z.string() });
export type I18nText = z.infer<typeof i18nTextSchema>;

/** Opaque ids: letters and digits only, so `/{slug}-{id}` splits at the last '-'. */
export const idSchema = z.string().regex(/^[A-Za-z0-9]{1,64}$/, 'invalid id');

export const languageSchema = z.enum(['de', 'en']);
export type Language = z.infer<typeof languageSchema>;

/**
 * Every day the portal accepts: a real calendar day (2026-02-30 is refused) between these bounds,
 * so that no period, loop or month list can grow without limit. See docs/domain.md#dates.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';

export const isoDateSchema = z.iso
  .date()
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, { message: `between ${FIRST_DAY} and ${LAST_DAY}` });

export const accountingSchema = z.enum(['request', 'pageview', 'monthly']);
export type Accounting = z.infer<typeof accountingSchema>;
