import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db, WebhookDeliveryTable, WebhookEndpointTable } from '../../db/database.js';

export type EndpointRow = Selectable<WebhookEndpointTable>;
export type DeliveryRow = Selectable<WebhookDeliveryTable>;

export async function listEndpoints(db: Db, projectId: string): Promise<EndpointRow[]> {
  return db
    .selectFrom('webhookEndpoint')
    .selectAll()
    .where('projectId', '=', projectId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
}

export async function countEndpoints(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('webhookEndpoint')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('projectId', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findEndpoint(db: Db, projectId: string, id: string): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhookEndpoint')
    .selectAll()
    .where('id', '=', id)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointTable>): Promise<void> {
  await db.insertInto('webhookEndpoint').values(row).execute();
}

export async function updateEndpoint(
  db: Db,
  id: string,
  change: Updateable<WebhookEndpointTable>,
): Promise<boolean> {
  const result = await db.updateTable('webhookEndpoint').set(change).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the endpoint and its deliveries. Call it in a transaction that has locked the endpoint
 * row (lockEndpoint): an event queued in between would otherwise hold the endpoint by its key.
 */
export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  await db.deleteFrom('webhookDelivery').where('endpointId', '=', id).execute();
  const result = await db.deleteFrom('webhookEndpoint').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Switches off the endpoints `personId` added, in one project or (projectId null) in all: they
 * left, were removed, became a viewer or deleted their account, and the address is theirs.
 */
export async function disableEndpointsCreatedBy(
  db: Db,
  projectId: string | null,
  personId: string,
  now: string,
): Promise<void> {
  let query = db
    .updateTable('webhookEndpoint')
    .set({ enabled: 0, disabledReason: 'creatorLeft', updatedAt: now })
    .where('createdBy', '=', personId)
    .where('enabled', '=', 1);
  if (projectId !== null) query = query.where('projectId', '=', projectId);
  await query.execute();
}

/** Locks the endpoint's row for the transaction with a write that changes nothing. */
export async function lockEndpoint(db: Db, id: string): Promise<void> {
  await db.updateTable('webhookEndpoint').set((eb) => ({ id: eb.ref('id') })).where('id', '=', id).execute();
}

/** The endpoints and deliveries of the given projects (their owner's account was deleted). */
export async function deleteEndpointsOfProjects(db: Db, projectIds: readonly string[]): Promise<void> {
  if (projectIds.length === 0) return;
  const endpoints = db.selectFrom('webhookEndpoint').select('id').where('projectId', 'in', projectIds);
  await db.deleteFrom('webhookDelivery').where('endpointId', 'in', endpoints).execute();
  await db.deleteFrom('webhookEndpoint').where('projectId', 'in', projectIds).execute();
}

/** The enabled endpoints of a live project (at most WEBHOOK_LIMITS.perProject). */
export async function enabledEndpoints(db: Db, projectId: string) {
  return db
    .selectFrom('webhookEndpoint')
    .select(['id', 'eventsJson'])
    .where('projectId', '=', projectId)
    .where('enabled', '=', 1)
    .execute();
}

export async function insertDelivery(db: Db, row: Insertable<WebhookDeliveryTable>): Promise<void> {
  await db.insertInto('webhookDelivery').values(row).execute();
}

export async function findDelivery(db: Db, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('webhookDelivery')
    .selectAll()
    .where('id', '=', id)
    .where('endpointId', '=', endpointId)
    .executeTakeFirst();
}

export const deliveriesOfEndpoint = (db: Db, endpointId: string) =>
  db
    .selectFrom('webhookDelivery')
    .selectAll()
    .where('endpointId', '=', endpointId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc');

/** How many due deliveries a worker looks at per claim; another instance may take some first. */
const CLAIM_CANDIDATES = 5;

/**
 * Takes one due delivery of an enabled endpoint of a live project until `leaseUntil`, or
 * answers undefined. As with the mail outbox (outbox.repository.ts#claimNextMail), the claim is
 * one conditional UPDATE, so of two workers exactly one gets a row.
 */
export async function claimNextDelivery(db: Db, now: string, leaseUntil: string) {
  const due = await db
    .selectFrom('webhookDelivery')
    .innerJoin('webhookEndpoint', 'webhookEndpoint.id', 'webhookDelivery.endpointId')
    .innerJoin('project', 'project.id', 'webhookEndpoint.projectId')
    .select('webhookDelivery.id')
    .where('webhookDelivery.state', '=', 'pending')
    .where('webhookDelivery.nextAttemptAt', '<=', now)
    .where((eb) => eb.or([eb('webhookDelivery.lockedUntil', 'is', null), eb('webhookDelivery.lockedUntil', '<', now)]))
    .where('webhookEndpoint.enabled', '=', 1)
    .where('project.deletedAt', 'is', null)
    .orderBy('webhookDelivery.nextAttemptAt')
    .limit(CLAIM_CANDIDATES)
    .execute();
  for (const { id } of due) {
    const claimed = await db
      .updateTable('webhookDelivery')
      .set((eb) => ({ lockedUntil: leaseUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('lockedUntil', 'is', null), eb('lockedUntil', '<', now)]))
      .returningAll()
      .executeTakeFirst();
    if (claimed) return claimed;
  }
  return undefined;
}

export async function recordAttempt(db: Db, id: string, change: Updateable<WebhookDeliveryTable>): Promise<void> {
  await db
    .updateTable('webhookDelivery')
    .set({ ...change, lockedUntil: null })
    .where('id', '=', id)
    .execute();
}

/** Ends the waiting deliveries of an endpoint that was switched off for failing. */
export async function failPendingDeliveries(db: Db, endpointId: string, why: string): Promise<void> {
  await db
    .updateTable('webhookDelivery')
    .set({ state: 'failed', response: why, lockedUntil: null })
    .where('endpointId', '=', endpointId)
    .where('state', '=', 'pending')
    .execute();
}

export async function projectOwnerOfEndpoint(db: Db, endpointId: string) {
  return db
    .selectFrom('webhookEndpoint')
    .innerJoin('project', 'project.id', 'webhookEndpoint.projectId')
    .innerJoin('person', 'person.id', 'project.ownerId')
    .select([
      'project.id as projectId',
      'project.name as projectName',
      'person.email',
      'person.firstname',
      'person.lastname',
      'person.language',
      'person.disabled',
    ])
    .where('webhookEndpoint.id', '=', endpointId)
    .executeTakeFirst();
}

/** Removes finished log entries created before `before` (the log keeps WEBHOOK_LOG_DAYS). */
export async function pruneDeliveries(db: Db, before: string): Promise<void> {
  await db
    .deleteFrom('webhookDelivery')
    .where('state', '!=', 'pending')
    .where('createdAt', '<', before)
    .execute();
}
