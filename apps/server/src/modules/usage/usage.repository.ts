import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { splitAtMonths, type Period } from '../../lib/period.js';

// Sums over whole calendar months are read from usage_monthly (kept from usage_daily by triggers,
// see migration 0004), the days outside whole months from usage_daily.

// Every licence that existed within the period, each summed through its own key range (a seek
// per licence, rows read in key order, no sorting of millions of rows).
const existingLicences = (db: Db, fromTs: string, toTs: string) =>
  db
    .selectFrom('serviceLicence')
    .where('serviceLicence.createdAt', '<=', toTs)
    .where((eb) => eb.or([eb('serviceLicence.deletedAt', 'is', null), eb('serviceLicence.deletedAt', '>=', fromTs)]));

const dailySumsOfExisting = preparedQuery((db: Db, fromTs: string, toTs: string, from: string, to: string) =>
  existingLicences(db, fromTs, toTs)
    .innerJoin('usageDaily', (join) =>
      join.onRef('usageDaily.licenceId', '=', 'serviceLicence.id').on('usageDaily.day', '>=', from).on('usageDaily.day', '<=', to),
    )
    .select(['serviceLicence.id as licenceId', (eb) => eb.fn.sum<number>('usageDaily.count').as('total')])
    .groupBy('serviceLicence.id'),
);

const monthlySumsOfExisting = preparedQuery((db: Db, fromTs: string, toTs: string, from: string, to: string) =>
  existingLicences(db, fromTs, toTs)
    .innerJoin('usageMonthly', (join) =>
      join
        .onRef('usageMonthly.licenceId', '=', 'serviceLicence.id')
        .on('usageMonthly.month', '>=', from)
        .on('usageMonthly.month', '<=', to),
    )
    .select(['serviceLicence.id as licenceId', (eb) => eb.fn.sum<number>('usageMonthly.count').as('total')])
    .groupBy('serviceLicence.id'),
);

type Sums = Array<{ licenceId: string; total: number }>;

function addUp(parts: Sums[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const rows of parts) {
    for (const r of rows) totals.set(r.licenceId, (totals.get(r.licenceId) ?? 0) + Number(r.total));
  }
  return totals;
}

/**
 * Σ usage within the period of every licence that existed at some time within it (the admin
 * report; deleted licences included). Licences without usage are left out.
 */
export async function sumUsageOfLicencesExisting(db: Db, period: Period) {
  const fromTs = `${period.from}T00:00:00.000Z`;
  const toTs = `${period.to}T23:59:59.999Z`;
  const { months, days } = splitAtMonths(period);
  const parts: Sums[] = [];
  if (months) parts.push(await monthlySumsOfExisting(db, fromTs, toTs, months.from, months.to));
  for (const range of days) parts.push(await dailySumsOfExisting(db, fromTs, toTs, range.from, range.to));
  return addUp(parts);
}

/** Σ usage within the period of the given licences (deleted or not); licences without usage are left out. */
export async function sumUsageOfLicences(db: Db, licenceIds: readonly string[], period: Period) {
  if (licenceIds.length === 0) return new Map<string, number>();
  const { months, days } = splitAtMonths(period);
  const parts: Sums[] = [];
  if (months) {
    parts.push(
      await db
        .selectFrom('usageMonthly')
        .select(['licenceId', (eb) => eb.fn.sum<number>('count').as('total')])
        .where('licenceId', 'in', licenceIds)
        .where('month', '>=', months.from)
        .where('month', '<=', months.to)
        .groupBy('licenceId')
        .execute(),
    );
  }
  for (const range of days) {
    parts.push(
      await db
        .selectFrom('usageDaily')
        .select(['licenceId', (eb) => eb.fn.sum<number>('count').as('total')])
        .where('licenceId', 'in', licenceIds)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .groupBy('licenceId')
        .execute(),
    );
  }
  return addUp(parts);
}

/** Daily counts of the given licences within the period, by licence and day (days without usage left out). */
export async function usageRowsOfLicences(db: Db, licenceIds: readonly string[], from: string, to: string) {
  if (licenceIds.length === 0) return [];
  return db
    .selectFrom('usageDaily')
    .select(['licenceId', 'day', 'count'])
    .where('licenceId', 'in', licenceIds)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('licenceId')
    .orderBy('day')
    .execute();
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

/** Rows per insert statement: within both dialects' parameter limits (3 parameters a row). */
const UPSERT_CHUNK = 1000;

const upsertChunk = preparedQuery((db: Db, licenceIds: readonly string[], days: readonly string[], counts: readonly number[]) =>
  db
    .insertInto('usageDaily')
    .values(licenceIds.map((licenceId, i) => ({ licenceId, day: days[i] ?? '', count: counts[i] ?? 0 })))
    .onConflict((oc) =>
      oc
        .columns(['licenceId', 'day'])
        .doUpdateSet((eb) => ({ count: eb.ref('excluded.count') }))
        // A resent count rewrites nothing (and so moves nothing in the monthly roll-up).
        .where((eb) => eb('usageDaily.count', '!=', eb.ref('excluded.count'))),
    ),
);

/**
 * Sets the absolute count of each (licence, day) (idempotent: a resent batch changes nothing).
 * Rows are written in key order, so two batches running at once take their row locks in the same
 * order and cannot deadlock each other.
 */
export async function upsertUsage(db: Db, rows: ReadonlyArray<{ licenceId: string; day: string; count: number }>) {
  const sorted = [...rows].sort((a, b) =>
    a.licenceId < b.licenceId ? -1 : a.licenceId > b.licenceId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0,
  );
  for (let i = 0; i < sorted.length; i += UPSERT_CHUNK) {
    const chunk = sorted.slice(i, i + UPSERT_CHUNK);
    await upsertChunk(
      db,
      chunk.map((r) => r.licenceId),
      chunk.map((r) => r.day),
      chunk.map((r) => r.count),
    );
  }
}

/**
 * Licence ids by key: current keys, and replaced keys still within their grace period at `now`
 * (docs/domain.md#licence-keys).
 */
export async function licenceIdsByKey(db: Db, keys: readonly string[], now: string) {
  if (keys.length === 0) return new Map<string, string>();
  const rows = await db.selectFrom('serviceLicence').select(['id', 'licenceKey']).where('licenceKey', 'in', keys).execute();
  const ids = new Map(rows.map((r) => [r.licenceKey, r.id]));
  const rest = keys.filter((key) => !ids.has(key));
  if (rest.length > 0) {
    const retired = await db
      .selectFrom('licenceKeyRetired')
      .select(['licenceId', 'licenceKey'])
      .where('licenceKey', 'in', rest)
      .where('validUntil', '>', now)
      .execute();
    for (const r of retired) ids.set(r.licenceKey, r.licenceId);
  }
  return ids;
}

/**
 * A live licence of a live project by its public key (or a replaced key still within its grace
 * period at `now`), with the project's domains.
 */
export async function findLiveLicenceByKey(db: Db, licenceKey: string, now: string) {
  return db
    .selectFrom('serviceLicence')
    .innerJoin('project', 'project.id', 'serviceLicence.projectId')
    .select([
      'serviceLicence.serviceId as serviceId',
      'serviceLicence.online as online',
      'project.domainsProduction as domainsProduction',
      'project.domainsSandbox as domainsSandbox',
    ])
    .where((eb) =>
      eb.or([
        eb('serviceLicence.licenceKey', '=', licenceKey),
        eb(
          'serviceLicence.id',
          '=',
          eb
            .selectFrom('licenceKeyRetired')
            .select('licenceKeyRetired.licenceId')
            .where('licenceKeyRetired.licenceKey', '=', licenceKey)
            .where('licenceKeyRetired.validUntil', '>', now),
        ),
      ]),
    )
    .where('serviceLicence.deletedAt', 'is', null)
    .where('project.deletedAt', 'is', null)
    .executeTakeFirst();
}
