import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Σ usage per licence within [from, to] (days inclusive). */
export async function sumUsageByLicence(db: Db, licenceIds: readonly string[], from: string, to: string) {
  if (licenceIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('usageDaily')
    .select(['licenceId', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('licenceId', 'in', licenceIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('licenceId')
    .execute();
  return new Map(rows.map((r) => [r.licenceId, Number(r.total)]));
}

export async function usagePerDay(db: Db, licenceId: string, from: string, to: string) {
  return db
    .selectFrom('usageDaily')
    .select(['day', 'count'])
    .where('licenceId', '=', licenceId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Sets the absolute count of a day (idempotent: a resent batch changes nothing). */
export async function upsertUsage(db: Db, rows: ReadonlyArray<{ licenceId: string; day: string; count: number }>) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('usageDaily')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['licenceId', 'day']).doUpdateSet((eb) => ({ count: eb.ref('excluded.count') })))
      .execute();
  }
}

export async function licenceIdsByKey(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('serviceLicence').select(['id', 'licenceKey']).where('licenceKey', 'in', keys).execute();
  return new Map(rows.map((r) => [r.licenceKey, r.id]));
}
