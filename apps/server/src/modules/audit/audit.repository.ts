import type { Insertable } from 'kysely';
import type { AuditLogTable, Db } from '../../db/database.js';

export async function insertAuditEntry(db: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('auditLog').values(row).execute();
}

export interface AuditFilter {
  /** ISO timestamps: from included, before excluded. */
  from?: string;
  before?: string;
  actorId?: string;
  objectType?: string;
}

/** The filtered entries, newest first (ties by id, so pages never overlap). */
export function auditEntriesQuery(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('auditLog').selectAll();
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.before) query = query.where('at', '<', filter.before);
  if (filter.actorId) query = query.where('actorId', '=', filter.actorId);
  if (filter.objectType) query = query.where('objectType', '=', filter.objectType);
  return query.orderBy('at', 'desc').orderBy('id', 'desc');
}
