import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as initialSchema from '../src/db/migrations/0001-initial-schema.js';
import * as operators from '../src/db/migrations/0002-operators.js';
import * as accounts from '../src/db/migrations/0003-accounts.js';
import * as usageRollup from '../src/db/migrations/0004-usage-rollup.js';
import * as usageRollupPerStatement from '../src/db/migrations/0010-usage-rollup-per-statement.js';
import { addDays, dayCount, isoDay, monthOf } from '../src/lib/period.js';
import { licencesExistingWithCalls } from '../src/modules/usage-record/usage.repository.js';
import {
  bearer,
  buildTestApp,
  createProjectWithLicences,
  createService,
  createSignedInPerson,
  createTestDatabase,
  type TestContext,
} from './helper.js';

// usage_monthly holds calls per licence and month, derived from usage_daily by triggers: whatever
// the ingest call does (new days, resent batches, corrections, the same day twice in a batch),
// each month's row must equal the sum of that month's daily rows, and sums over a period read
// through it must equal summing the days (docs/performance.md#usage-at-scale).

const INGEST = 'ingest-token-0123456789-0123456789-abcdef';

interface Item {
  licenceKey: string;
  day: string;
  count: number;
}

describe('monthly usage roll-up', () => {
  let ctx: TestContext;
  let token: string;
  const licences: Array<{ id: string; key: string }> = [];
  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: INGEST });
    const person = await createSignedInPerson(ctx);
    token = person.token;
    const services = [await createService(ctx.db), await createService(ctx.db), await createService(ctx.db)];
    const { licenceIds } = await createProjectWithLicences(ctx, person, services);
    for (const id of licenceIds) {
      const row = await ctx.db.selectFrom('serviceLicence').select('licenceKey').where('id', '=', id).executeTakeFirstOrThrow();
      licences.push({ id, key: row.licenceKey });
    }
  });
  afterAll(async () => {
    await ctx.close();
  });

  const ingest = async (items: Item[]) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/rest/usage/ingest', headers: bearer(INGEST), payload: { items } });
    expect(res.statusCode, res.body).toBe(200);
  };

  /** Each licence of the period and its calls, read as the admin report reads them. */
  const callsOfLicencesExisting = async (period: { from: string; to: string }) =>
    new Map((await licencesExistingWithCalls(ctx.db, period)).map((l) => [l.id, l.calls]));

  /** Months whose stored roll-up differs from the sum of their daily rows (a missing row counts as 0). */
  const disagreements = async () => {
    const daily = await ctx.db
      .selectFrom('usageDaily')
      .select(['licenceId', sql<string>`substr(day, 1, 7)`.as('month'), (eb) => eb.fn.sum<number>('count').as('total')])
      .groupBy(['licenceId', sql`substr(day, 1, 7)`])
      .execute();
    const monthly = await ctx.db.selectFrom('usageMonthly').select(['licenceId', 'month', 'count']).execute();
    const expected = new Map(daily.map((r) => [`${r.licenceId} ${r.month}`, Number(r.total)]));
    const stored = new Map(monthly.map((r) => [`${r.licenceId} ${r.month}`, Number(r.count)]));
    return [...new Set([...expected.keys(), ...stored.keys()])]
      .filter((key) => (expected.get(key) ?? 0) !== (stored.get(key) ?? 0))
      .map((key) => `${key}: daily ${expected.get(key) ?? 0}, monthly ${stored.get(key) ?? 0}`);
  };

  it('follows new days, a resent batch, corrections and the last of two items for one day', async () => {
    const a = licences[0]!;
    const b = licences[1]!;
    // Across the end of this month into the next (the licences exist from today on).
    const thisMonth = monthOf(isoDay(new Date()));
    const lastDay = thisMonth.to;
    const nextMonth = monthOf(addDays(lastDay, 1));
    const batch = [
      { licenceKey: a.key, day: lastDay, count: 10 },
      { licenceKey: a.key, day: nextMonth.from, count: 20 },
      { licenceKey: a.key, day: nextMonth.to, count: 30 },
      { licenceKey: b.key, day: addDays(nextMonth.from, 14), count: 5 },
    ];
    await ingest(batch);
    await ingest(batch); // resent: nothing changes
    expect(await disagreements()).toEqual([]);
    const next = await ctx.db.selectFrom('usageMonthly').select('count').where('month', '=', nextMonth.from.slice(0, 7)).execute();
    expect(next.map((r) => Number(r.count)).sort((x, y) => x - y)).toEqual([5, 50]);

    await ingest([
      { licenceKey: a.key, day: nextMonth.from, count: 2 }, // corrected down
      { licenceKey: b.key, day: addDays(nextMonth.from, 14), count: 7 },
      { licenceKey: b.key, day: addDays(nextMonth.from, 14), count: 9 }, // the last for the day wins
      { licenceKey: a.key, day: lastDay, count: 0 },
    ]);
    expect(await disagreements()).toEqual([]);
    const sums = await callsOfLicencesExisting({ from: thisMonth.from, to: nextMonth.to });
    expect(sums.get(a.id)).toBe(32);
    expect(sums.get(b.id)).toBe(9);
  });

  it('follows writes other than the ingest: updates of many rows, a day moved to another month or licence, deletes', async () => {
    const [a, b] = licences;
    const start = addDays(monthOf(isoDay(new Date())).from, 62);
    const days = [0, 1, 2, 40].map((n) => addDays(start, n));
    await ingest(days.flatMap((day, i) => [a!, b!].map((l) => ({ licenceKey: l.key, day, count: 10 + i }))));
    expect(await disagreements()).toEqual([]);
    // One statement changing many rows at once, some of them to the count they already have.
    await ctx.db.updateTable('usageDaily').set((eb) => ({ count: eb('count', '*', 2) })).where('day', 'in', days.slice(0, 2)).execute();
    await ctx.db.updateTable('usageDaily').set({ count: 12 }).where('day', '=', days[2]!).execute();
    expect(await disagreements()).toEqual([]);
    // A day moved into the next month, and another licence's row moved to licence a.
    await ctx.db.updateTable('usageDaily').set({ day: addDays(days[3]!, 31) }).where('licenceId', '=', a!.id).where('day', '=', days[3]!).execute();
    await ctx.db.updateTable('usageDaily').set({ licenceId: a!.id }).where('licenceId', '=', b!.id).where('day', '=', days[3]!).execute();
    expect(await disagreements()).toEqual([]);
    await ctx.db.deleteFrom('usageDaily').where('day', '>=', start).where('licenceId', '=', b!.id).execute();
    expect(await disagreements()).toEqual([]);
    await ctx.db.deleteFrom('usageDaily').where('day', '>=', start).execute();
    expect(await disagreements()).toEqual([]);
  });

  it('takes batches at once that update some months and add to others without a deadlock', async () => {
    // Two batches with opposite roles: one changes the counts of the even licences' day and adds a
    // new day to the odd ones (in the same month, or one that has no row yet), the other the
    // reverse, each sent twice. Locks taken per kind of row (changed, then new) instead of in one
    // key order would wait for each other in a cycle.
    const { projectId } = await ctx.db.selectFrom('serviceLicence').select('projectId').where('id', '=', licences[0]!.id).executeTakeFirstOrThrow();
    const serviceId = (await ctx.db.selectFrom('service').select('id').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const many = Array.from({ length: 400 }, (_, i) => ({ id: `concurrentL${i}`, key: `lk_concurrent${String(i).padStart(24, '0')}` }));
    await ctx.db
      .insertInto('serviceLicence')
      .values(many.map((l) => ({ id: l.id, projectId, serviceId, licenceKey: l.key, online: 1, formdata: '{}', createdAt: now, updatedAt: now, deletedAt: now })))
      .execute();
    const first = addDays(monthOf(isoDay(new Date())).from, 200);
    await ingest(many.map((l) => ({ licenceKey: l.key, day: first, count: 1 })));
    for (let round = 1; round <= 8; round++) {
      const batch = (role: number) =>
        many.map((l, i) =>
          (i + role) % 2 === 0
            ? { licenceKey: l.key, day: first, count: round * 10 + role }
            : { licenceKey: l.key, day: addDays(first, round % 2 === 0 ? round : 40 * round), count: round },
        );
      const answers = await Promise.all(
        [0, 1, 0, 1].map((role) => ctx.app.inject({ method: 'POST', url: '/rest/usage/ingest', headers: bearer(INGEST), payload: { items: batch(role) } })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    }
    expect(await disagreements()).toEqual([]);
  });

  it('keeps usage of a removed licence in its months', async () => {
    const c = licences[2]!;
    const today = isoDay(new Date());
    await ingest([{ licenceKey: c.key, day: today, count: 40 }]);
    const project = await ctx.db.selectFrom('serviceLicence').select('projectId').where('id', '=', c.id).executeTakeFirstOrThrow();
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/rest/collection/project/${project.projectId}/service_licence/${c.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    await ingest([{ licenceKey: c.key, day: addDays(today, -1), count: 2 }]); // counted late, still billed
    expect(await disagreements()).toEqual([]);
    expect((await callsOfLicencesExisting({ from: addDays(today, -40), to: today })).get(c.id)).toBe(42);
  });

  it('agrees with the daily rows after any sequence of batches, and period sums agree with summing days', async () => {
    const keys = licences.slice(0, 2).map((l) => l.key); // live ones: the report counts licences of the period
    const start = isoDay(new Date());
    const item = fc.record({
      licenceKey: fc.constantFrom(...keys),
      day: fc.integer({ min: 0, max: 120 }).map((n) => addDays(start, n)),
      count: fc.integer({ min: 0, max: 1000 }),
    });
    const period = fc
      .tuple(fc.integer({ min: -5, max: 125 }), fc.integer({ min: 0, max: 130 }))
      .map(([first, length]) => ({ from: addDays(start, first), to: addDays(start, first + length) }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(item, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 4 }), period, async (batches, p) => {
        for (const batch of batches) await ingest(batch);
        expect(await disagreements()).toEqual([]);
        const daily = await ctx.db
          .selectFrom('usageDaily')
          .select(['licenceId', (eb) => eb.fn.sum<number>('count').as('total')])
          .where('day', '>=', p.from)
          .where('day', '<=', p.to)
          .groupBy('licenceId')
          .execute();
        const expected = new Map(daily.map((r) => [r.licenceId, Number(r.total)]));
        const viaMonths = await callsOfLicencesExisting(p);
        expect(dayCount(p)).toBeGreaterThan(0);
        for (const l of licences.slice(0, 2)) {
          expect(viaMonths.get(l.id) ?? 0, `${l.id} ${p.from}..${p.to}`).toBe(expected.get(l.id) ?? 0);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('the roll-up migration on a database with usage', () => {
  it('keeps every daily row and fills the months from them', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      for (const migration of [initialSchema, operators, accounts]) await migration.up(database.db);
      const serviceId = await createService(database.db);
      const now = new Date().toISOString();
      await database.db
        .insertInto('person')
        .values({ id: 'owner1', email: 'o@example.com', passwordHash: 'x', firstname: '', lastname: '', salutation: null, language: 'de', place: '', company: '', isAdmin: 0, createdAt: now, updatedAt: now })
        .execute();
      await database.db
        .insertInto('project')
        .values({ id: 'proj1', ownerId: 'owner1', name: 'P', description: 'd', domainsProduction: '[]', domainsSandbox: '[]', createdAt: now, updatedAt: now })
        .execute();
      await database.db
        .insertInto('serviceLicence')
        .values({ id: 'lic1', projectId: 'proj1', serviceId, licenceKey: 'lk_1', online: 1, formdata: '{}', createdAt: now, updatedAt: now })
        .execute();
      const days = [['2026-01-30', 3], ['2026-01-31', 4], ['2026-02-01', 5]] as const;
      await database.db.insertInto('usageDaily').values(days.map(([day, count]) => ({ licenceId: 'lic1', day, count }))).execute();

      await usageRollup.up(database.db);
      const daily = await database.db.selectFrom('usageDaily').select(['day', 'count']).orderBy('day').execute();
      expect(daily.map((r) => [r.day, Number(r.count)])).toEqual(days.map(([day, count]) => [day, count]));
      const monthly = await database.db.selectFrom('usageMonthly').select(['month', 'count']).orderBy('month').execute();
      expect(monthly.map((r) => [r.month, Number(r.count)])).toEqual([['2026-01', 7], ['2026-02', 5]]);
      // And from now on the triggers keep it.
      await database.db.updateTable('usageDaily').set({ count: 10 }).where('day', '=', '2026-02-01').execute();
      const february = await database.db.selectFrom('usageMonthly').select('count').where('month', '=', '2026-02').executeTakeFirstOrThrow();
      expect(Number(february.count)).toBe(10);

      // The statement-level triggers that replace them on PostgreSQL (a no-op on SQLite), and back.
      const monthCounts = async () =>
        (await database.db.selectFrom('usageMonthly').select(['month', 'count']).orderBy('month').execute()).map((r) => [r.month, Number(r.count)]);
      await usageRollupPerStatement.up(database.db);
      await database.db.updateTable('usageDaily').set({ count: 20 }).where('day', '=', '2026-02-01').execute();
      await database.db.deleteFrom('usageDaily').where('day', '=', '2026-01-30').execute();
      expect(await monthCounts()).toEqual([['2026-01', 4], ['2026-02', 20]]);
      await usageRollupPerStatement.down(database.db);
      await database.db.insertInto('usageDaily').values({ licenceId: 'lic1', day: '2026-02-02', count: 1 }).execute();
      expect(await monthCounts()).toEqual([['2026-01', 4], ['2026-02', 21]]);
    } finally {
      await database.destroy();
    }
  });
});
