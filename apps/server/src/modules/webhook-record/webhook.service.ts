import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { Webhook as Signer } from 'standardwebhooks';
import type { Page, PageQuery } from '@portal/contract/admin-common';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type webhookCreateSchema,
  type webhookPatchSchema,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookPayload,
} from '@portal/contract/webhook';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { conflict, notFound, validation } from '../../lib/http-error.js';
import { newId } from '../../lib/ids.js';
import { pageOf } from '../../lib/paging.js';
import { nowIso } from '../../lib/time.js';
/** A project whose role the route checked (projectOf in project.service.ts); only its id is needed here. */
type ProjectWithRole = { id: string };
import {
  countEndpoints,
  deleteEndpoint,
  deliveriesOfEndpoint,
  enabledEndpoints,
  findDelivery,
  findEndpoint,
  insertDelivery,
  insertEndpoint,
  listEndpoints,
  lockEndpoint,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhook.repository.js';

// Webhooks of a project (docs/webhooks.md). Events are queued in the transaction of what caused
// them (emitWebhookEvent takes it), one delivery row per subscribed endpoint; the worker
// (webhook-worker.ts) sends them.

const HOUR_MS = 3_600_000;

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Whether the endpoint's replaced secret still signs at `now`. */
const previousSecretLive = (row: EndpointRow, now: string): row is EndpointRow & { previousSecret: string } =>
  row.previousSecret !== null && row.previousSecretValidUntil !== null && row.previousSecretValidUntil > now;

/**
 * The webhook-signature header: one `v1,…` signature per secret that signs at `now`, the current
 * one first, separated by spaces (receivers accept the message when any of them verifies).
 */
export function signatureHeader(row: EndpointRow, messageId: string, at: Date, body: string): string {
  const secrets = [row.secret, ...(previousSecretLive(row, nowIso(at)) ? [row.previousSecret] : [])];
  return secrets.map((secret) => new Signer(secret).sign(messageId, at, body)).join(' ');
}

export function toWebhook(row: EndpointRow, now: Date): Webhook {
  const live = previousSecretLive(row, nowIso(now));
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.eventsJson) as WebhookEvent[],
    description: row.description,
    enabled: row.enabled === 1,
    disabledReason: row.disabledReason,
    secret: row.secret,
    previousSecretValidUntil: live ? row.previousSecretValidUntil : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    event: row.event,
    state: row.state,
    attempts: Number(row.attempts),
    createdAt: row.createdAt,
    lastAttemptAt: row.lastAttemptAt,
    statusCode: row.statusCode === null ? null : Number(row.statusCode),
    durationMs: row.durationMs === null ? null : Number(row.durationMs),
    response: row.response,
    nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt : null,
  };
}

/** What the server accepts as a receiver's address beyond the contract: https in production. */
function assertUrlAllowed(url: string, rules: { httpsOnly: boolean }): void {
  if (rules.httpsOnly && new URL(url).protocol !== 'https:') throw validation({ url: 'webhookHttps' });
}

export async function listWebhooks(db: Db, project: ProjectWithRole, now: Date): Promise<Webhook[]> {
  return (await listEndpoints(db, project.id)).map((row) => toWebhook(row, now));
}

export async function requireWebhook(db: Db, project: ProjectWithRole, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(db, project.id, id);
  if (!row) throw notFound();
  return row;
}

export async function createWebhook(
  db: Kysely<Database>,
  project: ProjectWithRole,
  creatorId: string,
  input: z.output<typeof webhookCreateSchema>,
  rules: { httpsOnly: boolean },
  at: Date,
): Promise<Webhook> {
  assertUrlAllowed(input.url, rules);
  const now = nowIso(at);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx, project.id)) >= WEBHOOK_LIMITS.perProject) throw validation({ url: 'webhookTooMany' });
    await insertEndpoint(trx, {
      id,
      projectId: project.id,
      url: input.url,
      eventsJson: JSON.stringify(input.events),
      description: input.description,
      enabled: input.enabled ? 1 : 0,
      disabledReason: null,
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretValidUntil: null,
      failingSince: null,
      createdBy: creatorId,
      createdAt: now,
      updatedAt: now,
    });
  });
  return toWebhook(await requireWebhook(db, project, id), at);
}

export async function patchWebhook(
  db: Db,
  project: ProjectWithRole,
  id: string,
  input: z.output<typeof webhookPatchSchema>,
  rules: { httpsOnly: boolean },
  at: Date,
): Promise<Webhook> {
  const row = await requireWebhook(db, project, id);
  if (input.url !== undefined) assertUrlAllowed(input.url, rules);
  const turnedOn = input.enabled === true && row.enabled === 0;
  await updateEndpoint(db, row.id, {
    ...(input.url !== undefined ? { url: input.url } : {}),
    ...(input.events !== undefined ? { eventsJson: JSON.stringify(input.events) } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled ? 1 : 0, disabledReason: null } : {}),
    // Switched on again or pointed elsewhere: the day of failures starts anew.
    ...(turnedOn || (input.url !== undefined && input.url !== row.url) ? { failingSince: null } : {}),
    updatedAt: nowIso(at),
  });
  return toWebhook(await requireWebhook(db, project, id), at);
}

export async function removeWebhook(db: Kysely<Database>, project: ProjectWithRole, id: string): Promise<void> {
  const row = await requireWebhook(db, project, id);
  // Locked first: an event queued meanwhile waits, then finds the endpoint gone.
  await db.transaction().execute(async (trx) => {
    await lockEndpoint(trx, row.id);
    if (!(await deleteEndpoint(trx, row.id))) throw notFound();
  });
}

/** A new secret; the replaced one keeps signing for WEBHOOK_LIMITS.secretGraceHours. */
export async function rotateWebhookSecret(db: Db, project: ProjectWithRole, id: string, at: Date): Promise<Webhook> {
  const row = await requireWebhook(db, project, id);
  await updateEndpoint(db, row.id, {
    secret: newWebhookSecret(),
    previousSecret: row.secret,
    previousSecretValidUntil: nowIso(new Date(at.getTime() + WEBHOOK_LIMITS.secretGraceHours * HOUR_MS)),
    updatedAt: nowIso(at),
  });
  return toWebhook(await requireWebhook(db, project, id), at);
}

const payloadOf = (type: string, data: Record<string, unknown>, at: Date): string =>
  JSON.stringify({ type, timestamp: nowIso(at), version: 1, data } satisfies WebhookPayload);

async function queueDelivery(
  db: Db,
  endpointId: string,
  message: { messageId: string; event: string; payload: string },
  at: Date,
): Promise<string> {
  const id = newId();
  const now = nowIso(at);
  await insertDelivery(db, {
    id,
    endpointId,
    ...message,
    state: 'pending',
    nextAttemptAt: now,
    retryUntil: nowIso(new Date(at.getTime() + WEBHOOK_LIMITS.retryHours * HOUR_MS)),
    lockedUntil: null,
    lastAttemptAt: null,
    statusCode: null,
    durationMs: null,
    response: null,
    createdAt: now,
  });
  return id;
}

const newMessageId = (): string => `msg_${newId(24)}`;

/**
 * Queues an event for every enabled endpoint of the project that subscribed to it. Pass the
 * transaction that writes the event's cause: both are stored or neither is.
 */
export async function emitWebhookEvent(
  db: Db,
  projectId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
  at: Date,
): Promise<number> {
  const endpoints = (await enabledEndpoints(db, projectId)).filter((e) =>
    (JSON.parse(e.eventsJson) as string[]).includes(type),
  );
  if (endpoints.length === 0) return 0;
  const payload = payloadOf(type, { projectId, ...data }, at);
  for (const endpoint of endpoints) {
    await queueDelivery(db, endpoint.id, { messageId: newMessageId(), event: type, payload }, at);
  }
  return endpoints.length;
}

function assertEnabled(row: EndpointRow): void {
  if (row.enabled !== 1) throw conflict();
}

/** Queues the test event for one endpoint ("send test event"); answers its log entry. */
export async function sendTestEvent(db: Db, project: ProjectWithRole, id: string, at: Date): Promise<WebhookDelivery> {
  const row = await requireWebhook(db, project, id);
  assertEnabled(row);
  const payload = payloadOf(WEBHOOK_TEST_EVENT, { projectId: project.id, webhookId: row.id }, at);
  const deliveryId = await queueDelivery(db, row.id, { messageId: newMessageId(), event: WEBHOOK_TEST_EVENT, payload }, at);
  const queued = await findDelivery(db, row.id, deliveryId);
  if (!queued) throw notFound();
  return toDelivery(queued);
}

/** Queues a logged message again, with its message id and body (receivers drop duplicates by id). */
export async function resendDelivery(
  db: Db,
  project: ProjectWithRole,
  id: string,
  deliveryId: string,
  at: Date,
): Promise<WebhookDelivery> {
  const row = await requireWebhook(db, project, id);
  const original = await findDelivery(db, row.id, deliveryId);
  if (!original) throw notFound();
  assertEnabled(row);
  const again = await queueDelivery(
    db,
    row.id,
    { messageId: original.messageId, event: original.event, payload: original.payload },
    at,
  );
  const queued = await findDelivery(db, row.id, again);
  if (!queued) throw notFound();
  return toDelivery(queued);
}

export async function deliveryLog(
  db: Db,
  project: ProjectWithRole,
  id: string,
  page: PageQuery,
): Promise<Page<WebhookDelivery>> {
  const row = await requireWebhook(db, project, id);
  return pageOf(db, deliveriesOfEndpoint(db, row.id), page, toDelivery);
}
