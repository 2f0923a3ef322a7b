import { z } from 'zod';

/** queued: waiting for (another) attempt; sent: the mail server took it; failed: gave up. */
export const mailStateSchema = z.enum(['queued', 'sent', 'failed']);

export const mailOutboxQuerySchema = z
  .object({
    state: mailStateSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const mailOutboxListSchema = z.object({
  /** Newest first. */
  items: z.array(
    z.object({
      id: z.string(),
      /** What caused the mail, e.g. contact. */
      kind: z.string(),
      to: z.string(),
      subject: z.string(),
      language: z.enum(['de', 'en']),
      state: mailStateSchema,
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      nextAttemptAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
