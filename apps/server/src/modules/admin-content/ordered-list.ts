import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { notFound, validation } from '../../lib/http-error.js';
import type { ChangeFeed } from '../../lib/change-feed.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { catalogueChanged } from '../catalogue/catalogue-changes.js';
import { changedSortOrders, moveTo } from './ordering.js';

// The writes price packages and legal pages share as ordered lists (docs/admin.md#order). Each
// write reads the whole list in its transaction, changes one row, renumbers the rest (ordering.ts),
// is audited in the same transaction and, once committed, drops the cached catalogue on every
// instance, so visitors see it with their next request. What differs per kind (fields, checks)
// comes in as a callback.

type Ordered = { id: string; sortOrder: number };
type Trx = Transaction<Database>;

/** One kind of ordered content: how its table is read whole (in order) and renumbered, and how a row is shown. */
export interface OrderedContent<R extends Ordered, A> {
  objectType: string;
  rows: (db: Db) => Promise<R[]>;
  setOrder: (db: Db, rows: ReadonlyArray<Ordered>) => Promise<void>;
  toAdmin: (row: R, position: number) => A;
}

async function findWithPosition<R extends Ordered, A>(content: OrderedContent<R, A>, db: Db, id: string) {
  const rows = await content.rows(db);
  const index = rows.findIndex((row) => row.id === id);
  const row = rows[index];
  if (!row) throw notFound();
  return { rows, row, index };
}

async function catalogueWrite<T>(db: Kysely<Database>, changes: ChangeFeed, work: (trx: Trx) => Promise<T>): Promise<T> {
  const result = await db.transaction().execute(work);
  await catalogueChanged(changes);
  return result;
}

/** One entry as the admin console shows it, with its position; 404 when there is none. */
export async function getOrdered<R extends Ordered, A>(content: OrderedContent<R, A>, db: Db, id: string): Promise<A> {
  const { row, index } = await findWithPosition(content, db, id);
  return content.toAdmin(row, index);
}

/**
 * Creates entry `id`: `insert` checks the input against the list and stores the row with the
 * sort order it is given (last); the entry then moves to `position`, if one is asked for.
 */
export async function createOrdered<R extends Ordered, A>(
  content: OrderedContent<R, A>,
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  { id, position }: { id: string; position: number | undefined },
  insert: (trx: Trx, rows: readonly R[], sortOrder: number) => Promise<void>,
): Promise<A> {
  return catalogueWrite(db, changes, async (trx) => {
    const rows = await content.rows(trx);
    if (rows.some((row) => row.id === id)) throw validation({ id: 'taken' });
    await insert(trx, rows, rows.length + 1);
    const order = moveTo([...rows.map((row) => row.id), id], id, position ?? rows.length);
    await content.setOrder(trx, changedSortOrders([...rows, { id, sortOrder: rows.length + 1 }], order));
    const after = await getOrdered(content, trx, id);
    await recordAudit(trx, { ...who, action: 'create', objectType: content.objectType, objectId: id, before: null, after });
    return after;
  });
}

/**
 * Changes entry `id`: `update` checks the patch against the row and the list and stores the
 * changed fields; the entry then moves to the patch's position, if it has one. The patch may
 * repeat the id, not change it.
 */
export async function patchOrdered<R extends Ordered, A>(
  content: OrderedContent<R, A>,
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  patch: { id?: string; position?: number },
  update: (trx: Trx, row: R, rows: readonly R[]) => Promise<void>,
): Promise<A> {
  if (patch.id !== undefined && patch.id !== id) throw validation({ id: 'invalid' });
  return catalogueWrite(db, changes, async (trx) => {
    const { rows, row, index } = await findWithPosition(content, trx, id);
    const before = content.toAdmin(row, index);
    await update(trx, row, rows);
    if (patch.position !== undefined) {
      await content.setOrder(trx, changedSortOrders(rows, moveTo(rows.map((r) => r.id), id, patch.position)));
    }
    const after = await getOrdered(content, trx, id);
    await recordAudit(trx, { ...who, action: 'update', objectType: content.objectType, objectId: id, before, after });
    return after;
  });
}

/** Deletes entry `id` (`remove` may refuse it first) and closes the gap it leaves in the order. */
export async function deleteOrdered<R extends Ordered, A>(
  content: OrderedContent<R, A>,
  db: Kysely<Database>,
  changes: ChangeFeed,
  who: AuditActor,
  id: string,
  remove: (trx: Trx, row: R) => Promise<void>,
): Promise<void> {
  await catalogueWrite(db, changes, async (trx) => {
    const { rows, row, index } = await findWithPosition(content, trx, id);
    await remove(trx, row);
    const rest = rows.filter((r) => r.id !== id);
    await content.setOrder(trx, changedSortOrders(rest, rest.map((r) => r.id)));
    const before = content.toAdmin(row, index);
    await recordAudit(trx, { ...who, action: 'delete', objectType: content.objectType, objectId: id, before, after: null });
  });
}
