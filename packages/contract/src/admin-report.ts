import { z } from 'zod';
import { isoDateSchema } from './common.js';

export const adminReportQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict();

const amounts = {
  calls: z.number().int(),
  /** Euros, rounded to cents. */
  price_api: z.number(),
  monthly: z.number(),
  single_payment: z.number(),
  price_gesamt: z.number(),
};

export const adminReportProjectSchema = z.object({
  key: z.string(),
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  deleted: z.boolean(),
  ...amounts,
});

/** The cost model's figures of a row (calls, and euros rounded to cents). */
export const costAmountsSchema = z.object(amounts);
export type CostAmounts = z.infer<typeof costAmountsSchema>;

export const adminReportSchema = z.object({
  dateVon: isoDateSchema,
  dateBis: isoDateSchema,
  projects: z.array(adminReportProjectSchema),
  totals: costAmountsSchema,
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export type AdminReportProject = z.infer<typeof adminReportProjectSchema>;
