import { z } from 'zod';
import { costAmountsSchema } from './admin-report.js';
import { i18nTextSchema, isoDateSchema } from './common.js';

/** A period of the project's costs; both days or neither (this month). */
export const projectCostsQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .strict();

/**
 * A project's costs for a period, per licence, with the admin report's figures (the same cost
 * model; docs/domain.md#cost-model). Licences removed within the period are still charged.
 */
export const projectCostsSchema = z.object({
  dateVon: isoDateSchema,
  dateBis: isoDateSchema,
  licences: z.array(
    costAmountsSchema.extend({
      key: z.string(),
      id: z.string(),
      service: z.object({ id: z.string(), name: i18nTextSchema }),
      deleted: z.boolean(),
    }),
  ),
  totals: costAmountsSchema,
});
export type ProjectCosts = z.infer<typeof projectCostsSchema>;
