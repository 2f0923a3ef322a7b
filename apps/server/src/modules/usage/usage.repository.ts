import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';

const usageSums = preparedQuery((db: Db, licenceIds: readonly string[], from: string, to: string) =>
  db
    .selectFrom('usageDaily')
    .select(['licenceId', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('licenceId', 'in', licenceIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('licenceId'),
);

/** Σ usage per licence within [from, to] (days inclusive). */
export async function sumUsageByLicence(db: Db, licenceIds: readonly string[], from: string, to: string) {
  if (licenceIds.length === 0) return new Map<string, number>();
  const rows = await usageSums(db, licenceIds, from, to);
  return new Map(rows.map((r) => [r.licenceId, Number(r.total)]));
}

export const usagePerDay = preparedQuery((db: Db, licenceId: string, from: string, to: string) =>
  db
    .selectFrom('usageDaily')
    .select(['day', 'count'])
    .where('licenceId', '=', licenceId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day'),
);

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

/** A live licence of a live project by its public key, with the project's domains. */
export async function findLiveLicenceByKey(db: Db, licenceKey: string) {
  return db
    .selectFrom('serviceLicence')
    .innerJoin('project', 'project.id', 'serviceLicence.projectId')
    .select([
      'serviceLicence.serviceId as serviceId',
      'serviceLicence.online as online',
      'project.domainsProduction as domainsProduction',
      'project.domainsSandbox as domainsSandbox',
    ])
    .where('serviceLicence.licenceKey', '=', licenceKey)
    .where('serviceLicence.deletedAt', 'is', null)
    .where('project.deletedAt', 'is', null)
    .executeTakeFirst();
}
