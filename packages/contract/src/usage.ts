import { z } from 'zod';
import { isoDateSchema } from './common.js';
import { singleLineText } from './text.js';

/** Usage ingest from the provider's services: absolute counts per licence key and day. */
export const usageIngestSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            licenceKey: singleLineText().min(1).max(100),
            day: isoDateSchema,
            count: z.number().int().min(0).max(1_000_000_000),
          })
          .strict(),
      )
      .min(1)
      .max(5000),
  })
  .strict();

export const usageIngestResponseSchema = z.object({ accepted: z.number().int(), unknownKeys: z.array(z.string()) });

/** Licence check from the provider's services: is this key live, and for which host? */
export const licenceCheckSchema = z
  .object({
    licenceKey: singleLineText().min(1).max(100),
    /** Host the request came from (Origin/Referer host), to match the project's domains. */
    host: singleLineText().max(253).optional(),
  })
  .strict();

export const licenceCheckResponseSchema = z.object({
  valid: z.boolean(),
  serviceId: z.string().nullable(),
  /** Which of the project's domain lists the host is in; null when none matched or none was given. */
  environment: z.enum(['production', 'sandbox']).nullable(),
});
