import { z } from 'zod';
import { pageSchema } from './admin-common.js';
import { idSchema } from './common.js';
import { singleLineText } from './text.js';

// Webhooks of a project (docs/webhooks.md): endpoints the project's owners and editors register,
// the events sent to them, and the delivery log. Signed per the Standard Webhooks specification.

/** Limits shared by the server and the web app's webhook dialog. */
export const WEBHOOK_LIMITS = {
  /** Endpoints of one project. */
  perProject: 10,
  urlLength: 500,
  descriptionLength: 200,
  /** Bytes of a receiver's answer that are read; the rest is not read. */
  responseReadBytes: 64 * 1024,
  /** Bytes of a receiver's answer kept in the delivery log. */
  responseStoredBytes: 1024,
  /** How long a delivery is retried, and how long an endpoint may fail before it is disabled. */
  retryHours: 24,
  /** How long the replaced secret keeps signing after a rotation. */
  secretGraceHours: 24,
  /** Test events, and resends, one endpoint takes per hour each (each is a request to the receiver). */
  manualPerHour: 30,
} as const;

/**
 * Every event type. `invoice.issued` belongs to billing and is not sent yet; it is listed so
 * endpoints can subscribe to it and the contract does not change when billing arrives.
 */
export const WEBHOOK_EVENTS = [
  'usage.threshold_reached',
  'licence.key_rotated',
  'licence.state_changed',
  'licence.added',
  'licence.removed',
  'member.joined',
  'invoice.issued',
] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The test event ("send test event"); not subscribable. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const descriptionSchema = singleLineText().trim().max(WEBHOOK_LIMITS.descriptionLength);

const urlSchema = singleLineText()
  .trim()
  .min(1)
  .max(WEBHOOK_LIMITS.urlLength)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: 'invalid url' });

const eventsSchema = z
  .array(webhookEventSchema)
  .min(1)
  .max(WEBHOOK_EVENTS.length)
  .transform((events) => [...new Set(events)]);

export const webhookCreateSchema = z
  .object({
    url: urlSchema,
    events: eventsSchema,
    description: descriptionSchema.default(''),
    enabled: z.boolean().default(true),
  })
  .strict();
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookPatchSchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type WebhookPatch = z.input<typeof webhookPatchSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  description: z.string(),
  enabled: z.boolean(),
  /** Why it was switched off: `failing` after a day of failed deliveries, null when on or turned off by hand. */
  disabledReason: z.enum(['failing', 'creatorLeft']).nullable(),
  /** `whsec_` and base64: what the receiver verifies signatures with. */
  secret: z.string(),
  /** Until when the replaced secret signs too (after a rotation), or null. */
  previousSecretValidUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhookListSchema = z.array(webhookSchema);

export const webhookParamsSchema = z.object({ id: idSchema, wid: idSchema });
export const webhookDeliveryParamsSchema = z.object({ id: idSchema, wid: idSchema, did: idSchema });

export const webhookDeliveryStateSchema = z.enum(['pending', 'delivered', 'failed']);

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The message id (webhook-id header); a resend keeps it, so receivers can drop duplicates. */
  messageId: z.string(),
  event: z.string(),
  state: webhookDeliveryStateSchema,
  attempts: z.number(),
  createdAt: z.string(),
  /** The last attempt: when, the answer's status (null: no answer), how long it took, what it said. */
  lastAttemptAt: z.string().nullable(),
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  /** The first bytes of the answer (at most WEBHOOK_LIMITS.responseStoredBytes), or why there was none. */
  response: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

/** What every delivery's JSON body looks like. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  version: 1;
  data: Record<string, unknown>;
}
