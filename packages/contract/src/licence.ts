import { z } from 'zod';
import { accountingSchema, i18nTextSchema, isoDateSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { formSectionSchema } from './service.js';

export const licenceSchema = z.object({
  key: z.string(),
  id: z.string(),
  project: z.object({ id: z.string(), name: z.string(), owner: z.string() }),
  service: z.object({
    id: z.string(),
    name: i18nTextSchema,
    accounting: accountingSchema,
    logo: z.string().nullable(),
  }),
  online: z.boolean(),
  licenceKey: z.string(),
  calls: z.object({
    from: isoDateSchema,
    to: isoDateSchema,
    total: z.number().int(),
    /** Every day of the period, zero where nothing was counted. */
    callsPerDate: z.record(z.string(), z.number().int()),
  }),
  jsServiceCode: z.string(),
  jsServiceCodeType: z.string(),
  serviceCodeBackend: z.string().nullable(),
  form: z.array(formSectionSchema).nullable(),
  formdata: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type Licence = z.infer<typeof licenceSchema>;

export const licenceQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .strict();

/** Either the online switch or the settings form (values = JSON string of field id → text). */
export const licencePatchSchema = z
  .object({
    online: formBoolean.optional(),
    values: z.string().max(20_000).optional(),
  })
  .strict()
  .refine((v) => v.online !== undefined || v.values !== undefined, { message: 'online or values required' });
