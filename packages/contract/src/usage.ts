import { z } from 'zod';
import { isoDateSchema } from './common.js';

/** Usage ingest from the provider's services: absolute counts per licence key and day. */
export const usageIngestSchema = z
  .object({
    items: z
      .array(
        z
          .object({
            licenceKey: z.string().min(1).max(100),
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
