import { z } from 'zod';
import { i18nTextSchema } from './common.js';

export const legalItemSchema = z.object({
  key: z.string(),
  id: z.string(),
  interner_name: z.string(),
  title: i18nTextSchema,
  /** Sanitized on write; the web app sanitizes again before rendering. */
  html: i18nTextSchema,
  lastModified: z.string(),
});
export type LegalItem = z.infer<typeof legalItemSchema>;
export const legalListSchema = z.array(legalItemSchema);
