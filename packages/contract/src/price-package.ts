import { z } from 'zod';
import { i18nTextSchema } from './common.js';

export const pricePackageSchema = z.object({
  key: z.string(),
  id: z.string(),
  product: z.object({
    name: i18nTextSchema,
    description: i18nTextSchema,
    img: z.string().nullable(),
    price: z.object({
      /** Gross monthly price in euros, rounded to cents. */
      brutto_monatlich: z.number(),
      /** Calls included per month. */
      calls: z.number().int(),
    }),
  }),
});
export type PricePackage = z.infer<typeof pricePackageSchema>;
export const pricePackageListSchema = z.array(pricePackageSchema);
