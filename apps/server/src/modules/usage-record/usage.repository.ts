import { PostgresAdapter, sql, type Expression } from 'kysely';
import type { Db } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared-query.js';
import { periodTimestamps, splitAtMonths, type Period } from '../../lib/period.js';

// Sums over whole calendar months are read from usage_monthly (kept from usage_daily by triggers,
// see migration 0004), the days outside whole months from usage_daily.

/** A licence (deleted ones too) with its calls within a period, as the admin report bills it. */
export interface LicenceWithCalls {
  id: string;
  projectId: string;
  serviceId: string;
  createdAt: string;
  deletedAt: string | null;
  calls: number;
}

/**
 * Every licence that existed within the period with its calls in one query: a sum per licence of
 * its whole months in usage_monthly and of each range of days outside them in usage_daily (whose
 * key leads with the licence; there is no day index to filter on). `monthBounds` are the first
 * and last whole month (none when the period has no whole month), `dayBounds` the first and last
 * day of each range of days outside them (0 to 2 ranges); their lengths are the query's shape.
 *
 * How the months are summed differs by dialect, measured at 30,000 licences and 10 million
 * usage rows: SQLite seeks into the roll-up's key per licence (a month 70 ms, twelve 100 ms;
 * summing first and joining took 90 and 130), PostgreSQL sums the roll-up per licence first and
 * hashes it against the licences (70 and 180 ms; a seek per licence took 125 and 360).
 */
const licencesWithCalls = preparedQuery(
  (db: Db, fromTs: string, toTs: string, monthBounds: readonly string[], dayBounds: readonly string[]) => {
    const [monthFrom = '', monthTo = ''] = monthBounds;
    const wholeMonths = monthBounds.length > 0;
    const joinMonths = wholeMonths && db.getExecutor().adapter instanceof PostgresAdapter;
    return db
      .selectFrom('serviceLicence')
      .$if(joinMonths, (qb) =>
        qb.leftJoin(
          (eb) =>
            eb
              .selectFrom('usageMonthly')
              .select(['usageMonthly.licenceId', (sub) => sub.fn.sum<number>('usageMonthly.count').as('n')])
              .where('usageMonthly.month', '>=', monthFrom)
              .where('usageMonthly.month', '<=', monthTo)
              .groupBy('usageMonthly.licenceId')
              .as('monthSums'),
          (join) => join.onRef('monthSums.licenceId', '=', 'serviceLicence.id'),
        ),
      )
      .where('serviceLicence.createdAt', '<=', toTs)
      .where((eb) => eb.or([eb('serviceLicence.deletedAt', 'is', null), eb('serviceLicence.deletedAt', '>=', fromTs)]))
      .select((eb) => {
        const sums: Expression<number>[] = [];
        if (joinMonths) sums.push(sql<number>`${sql.ref('monthSums.n')}`);
        else if (wholeMonths) {
          sums.push(
            eb
              .selectFrom('usageMonthly')
              .select((sub) => sub.fn.sum<number>('usageMonthly.count').as('n'))
              .whereRef('usageMonthly.licenceId', '=', 'serviceLicence.id')
              .where('usageMonthly.month', '>=', monthFrom)
              .where('usageMonthly.month', '<=', monthTo)
              .$asScalar(),
          );
        }
        for (let i = 0; i + 1 < dayBounds.length; i += 2) {
          sums.push(
            eb
              .selectFrom('usageDaily')
              .select((sub) => sub.fn.sum<number>('usageDaily.count').as('n'))
              .whereRef('usageDaily.licenceId', '=', 'serviceLicence.id')
              .where('usageDaily.day', '>=', dayBounds[i] ?? '')
              .where('usageDaily.day', '<=', dayBounds[i + 1] ?? '')
              .$asScalar(),
          );
        }
        const parts = sums.map((sum) => eb.fn.coalesce(sum, eb.lit(0)));
        const calls = parts.length === 0 ? sql<number>`0` : sql<number>`${sql.join(parts, sql` + `)}`;
        return [
          'serviceLicence.id',
          'serviceLicence.projectId',
          'serviceLicence.serviceId',
          'serviceLicence.createdAt',
          'serviceLicence.deletedAt',
          calls.as('calls'),
        ];
      });
  },
);

/**
 * Every licence that existed at some time within the period (the admin report; deleted licences
 * included) with its calls within the period (0 without usage).
 */
export async function licencesExistingWithCalls(db: Db, period: Period): Promise<LicenceWithCalls[]> {
  const { months, days } = splitAtMonths(period);
  const { fromTs, toTs } = periodTimestamps(period);
  const monthBounds = months ? [months.from, months.to] : [];
  const rows = await licencesWithCalls(db, fromTs, toTs, monthBounds, days.flatMap((d) => [d.from, d.to]));
  // PostgreSQL answers sums of bigint as numeric text.
  for (const row of rows) row.calls = Number(row.calls);
  return rows;
}

type Sums = Array<{ licenceId: string; total: number }>;

function addUp(parts: Sums[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const rows of parts) {
    for (const r of rows) totals.set(r.licenceId, (totals.get(r.licenceId) ?? 0) + Number(r.total));
  }
  return totals;
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
 * On PostgreSQL the roll-up is kept by statement-level triggers (migration 0010), and an upsert
 * fires its update pass before its insert pass: each adds to the months in key order, but not
 * the two together, so two batches at once could each hold a month the other needs next. The
 * batch's months that exist are therefore locked first, in key order; months that do not exist
 * yet are created by the insert pass, in key order too.
 */
async function lockMonthsOfBatch(db: Db, sorted: ReadonlyArray<{ licenceId: string; day: string }>) {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const licenceIds: string[] = [];
  const months: string[] = [];
  for (const { licenceId, day } of sorted) {
    const month = day.slice(0, 7);
    if (licenceIds.at(-1) !== licenceId || months.at(-1) !== month) {
      licenceIds.push(licenceId);
      months.push(month);
    }
  }
  await sql`
    select 1 from usage_monthly
    where (licence_id, month) in (select * from unnest(${licenceIds}::text[], ${months}::text[]))
    order by licence_id, month for update`.execute(db);
}

/**
 * Sets the absolute count of each (licence, day) (idempotent: a resent batch changes nothing).
 * Rows are written in key order, so two batches running at once take their row locks in the same
 * order and cannot deadlock each other. Runs inside the caller's transaction.
 */
export async function upsertUsage(db: Db, rows: ReadonlyArray<{ licenceId: string; day: string; count: number }>) {
  const sorted = [...rows].sort((a, b) =>
    a.licenceId < b.licenceId ? -1 : a.licenceId > b.licenceId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0,
  );
  await lockMonthsOfBatch(db, sorted);
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
