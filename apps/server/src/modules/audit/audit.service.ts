import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AuditEntry, AuditPage, AuditQuery } from '@portal/contract/admin-audit';
import type { Database, Db } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { pageOf } from '../../lib/paging.js';
import { nowIso } from '../../lib/time.js';
import { auditEntriesQuery, insertAuditEntry } from './audit.repository.js';

// The audit log of the admin console (docs/admin.md#audit-log). Every admin write calls
// recordAudit in the transaction of its change: the entry exists exactly when the change does.
// There is no call that changes or removes an entry.

/** Who changes something, in which request and when (the app's clock): pass it from the route to the service. */
export interface AuditActor {
  actor: { id: string; email: string };
  requestId: string;
  at: Date;
}

/** The signed-in admin of an admin route (access 'admin' has identified them). */
export function auditActorOf(request: FastifyRequest): AuditActor {
  if (!request.user) throw new Error('audit needs a signed-in caller');
  return {
    actor: { id: request.user.id, email: request.user.email },
    requestId: request.id,
    at: request.server.clock.now(),
  };
}

export interface AuditRecord extends AuditActor {
  /** What happened, as a verb: 'create', 'update', 'delete', 'disable', 'password-reset', … */
  action: string;
  /** The kind of object, e.g. 'person', 'service', 'price_package' (the REST collection's name). */
  objectType: string;
  objectId: string;
  /** The object as the admin API answers it, before (null: created) and after (null: deleted). */
  before: unknown;
  after: unknown;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** Writes one entry; call it with the transaction that makes the change. */
export async function recordAudit(trx: Db, record: AuditRecord): Promise<void> {
  await insertAuditEntry(trx, {
    id: newId(),
    at: nowIso(record.at),
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId,
    beforeJson: json(record.before),
    afterJson: json(record.after),
    requestId: record.requestId,
  });
}

const nextDay = (day: string): string => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

const parse = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/** A page of entries, newest first; from/to are UTC days, both included. */
export async function listAudit(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const filter = {
    ...(query.from ? { from: `${query.from}T00:00:00.000Z` } : {}),
    ...(query.to ? { before: nextDay(query.to) } : {}),
    ...(query.actor ? { actorId: query.actor } : {}),
    ...(query.type ? { objectType: query.type } : {}),
  };
  return pageOf(db, auditEntriesQuery(db, filter), { page: query.page, pageSize: query.pageSize }, (row): AuditEntry => ({
    id: row.id,
    at: row.at,
    actor: { id: row.actorId, email: row.actorEmail },
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    before: parse(row.beforeJson),
    after: parse(row.afterJson),
    requestId: row.requestId,
  }));
}
