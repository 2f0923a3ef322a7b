import { z } from 'zod';
import { accountingSchema, i18nTextSchema, isoDateSchema } from './common.js';
import { formBoolean } from './form-values.js';
import { multiLineText } from './text.js';
import { projectRoleSchema } from './project.js';
import { formSectionSchema } from './service.js';

export const licenceSchema = z.object({
  key: z.string(),
  id: z.string(),
  /** role: the caller's role in the project. */
  project: z.object({ id: z.string(), name: z.string(), owner: z.string(), role: projectRoleSchema }),
  service: z.object({
    id: z.string(),
    name: i18nTextSchema,
    accounting: accountingSchema,
    logo: z.string().nullable(),
    /** It has a published API reference (docs/domain.md#api-reference). */
    hasApiReference: z.boolean(),
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
  /** Until when the key before the last rotation still works; null when none does. */
  previousKeyValidUntil: z.string().nullable(),
  /** The usage alert: threshold per calendar month (null: none) and this month's calls (UTC). */
  alert: z.object({ monthlyCalls: z.number().int().nullable(), month: z.string(), callsThisMonth: z.number().int() }),
});
export type Licence = z.infer<typeof licenceSchema>;

/** Limits shared by the server and the web app's forms. */
export const LICENCE_LIMITS = {
  /** Longest period of the usage chart and the usage exports, in days (about two years). */
  usageDays: 731,
  /** Highest usage alert threshold (calls in a month). */
  alertMonthlyCalls: 1_000_000_000_000,
} as const;

export const licenceQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .strict();

/** Usage exports: a period (both days or neither) and the format (also `Accept: text/csv`). */
export const usageExportQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional(), format: z.enum(['json', 'csv']).optional() })
  .strict();

/** A licence's usage export: every day of the period, zero where nothing was counted. */
export const licenceUsageSchema = z.array(z.object({ day: isoDateSchema, calls: z.number().int() }));

/** A project's usage export: one row per licence and day of the period. */
export const projectUsageSchema = z.array(
  z.object({ service: z.string(), licenceKey: z.string(), day: isoDateSchema, calls: z.number().int() }),
);

/** Answer of a key rotation: the new key, and until when the old one still works. */
export const licenceKeyRotationSchema = z.object({ licenceKey: z.string(), previousKeyValidUntil: z.string() });

/**
 * The usage alert threshold: a whole number of calls from 1 up to the limit, or null (also an
 * empty form value) for no alert.
 */
export const alertMonthlyCallsSchema = z
  .union([z.null(), z.literal('').transform(() => null), z.number(), z.string().regex(/^\d{1,13}$/).transform(Number)])
  .pipe(z.number().int().min(1).max(LICENCE_LIMITS.alertMonthlyCalls).nullable());

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

/**
 * The online switch, the settings form (values = JSON string of field id → text) or the usage
 * alert threshold; at least one of them.
 */
export const licencePatchSchema = z
  .object({
    online: formBoolean.optional(),
    values: formValuesJsonSchema.optional(),
    alertMonthlyCalls: alertMonthlyCallsSchema.optional(),
  })
  .strict()
  .refine((v) => v.online !== undefined || v.values !== undefined || v.alertMonthlyCalls !== undefined, {
    message: 'online, values or alertMonthlyCalls required',
  });
