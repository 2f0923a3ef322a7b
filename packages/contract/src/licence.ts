import { z } from 'zod';
import { accountingSchema, i18nTextSchema, isoDateSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { multiLineText } from './text.js';
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

/** Keys that would reach an object's prototype when copied: never a field id. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The settings form's values as the web app sends them: a JSON object of field id → text, as a
 * string. Which ids a licence knows depends on its service, so the server checks that part.
 */
export const formValuesJsonSchema = z
  .string()
  .max(20_000)
  .transform((raw, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'expected a JSON object' });
      return z.NEVER;
    }
    // JSON.parse keeps "__proto__" as an own key; copying it anywhere would change a prototype.
    if (Object.keys(parsed).some((key) => PROTOTYPE_KEYS.has(key))) {
      ctx.addIssue({ code: 'custom', message: 'reserved key' });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(z.record(z.string().max(64), multiLineText().max(5000)));

/** Either the online switch or the settings form (values = JSON string of field id → text). */
export const licencePatchSchema = z
  .object({
    online: formBoolean.optional(),
    values: formValuesJsonSchema.optional(),
  })
  .strict()
  .refine((v) => v.online !== undefined || v.values !== undefined, { message: 'online or values required' });
