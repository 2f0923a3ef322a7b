import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { adminReportProjectSchema, adminReportSchema, costAmountsSchema } from '@portal/contract/admin-report';
import type { Database } from '../src/db/database.js';
import { currentMonth } from '../src/lib/period.js';
import { upsertTranslations } from '../src/modules/translation/translation.repository.js';
import { readShippedTranslations } from '../src/modules/translation/shipped-translations.js';
import { bearer, buildTestApp, createPerson, createService, login, type TestContext } from './helper.js';

async function project(db: Kysely<Database>, id: string, ownerId: string, createdAt: string, deletedAt: string | null = null) {
  await db
    .insertInto('project')
    .values({ id, ownerId, name: id, description: 'x', domainsProduction: '[]', domainsSandbox: '[]', createdAt, updatedAt: createdAt, deletedAt })
    .execute();
}

async function licence(
  db: Kysely<Database>,
  id: string,
  projectId: string,
  serviceId: string,
  createdAt: string,
  deletedAt: string | null = null,
) {
  await db
    .insertInto('serviceLicence')
    .values({ id, projectId, serviceId, licenceKey: `lk_${id}`, online: 1, formdata: '{}', createdAt, updatedAt: createdAt, deletedAt })
    .execute();
}

interface Report {
  dateVon: string;
  dateBis: string;
  projects: Array<{ id: string; name: string; owner: string; deleted: boolean; calls: number; price_api: number; monthly: number; single_payment: number; price_gesamt: number }>;
  totals: { calls: number; price_api: number; monthly: number; single_payment: number; price_gesamt: number };
}

// A fixture computed by hand: usage across month edges, a licence (and project) deleted in the
// middle of the period, monthly and one-off fees, and amounts that need rounding to cents.
describe('admin usage and cost report', () => {
  let ctx: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    // The interface texts, as every start loads them (the CSV's column titles are among them).
    await upsertTranslations(ctx.db, readShippedTranslations());
    const admin = await createPerson(ctx.db, { isAdmin: 1 });
    adminToken = await login(ctx.app, admin);
    const anna = await createPerson(ctx.db, { firstname: 'Anna', lastname: 'Alt' });
    const bob = await createPerson(ctx.db, { firstname: 'Bob', lastname: 'Berg' });
    const perCall = await createService(ctx.db, { id: 'svcCalls', pricePer1000Calls: 125 });
    const monthly = await createService(ctx.db, { id: 'svcMonthly', accounting: 'monthly', pricePer1000Calls: 0, monthlyFee: 4900, singlePayment: 9900 });
    const mixed = await createService(ctx.db, { id: 'svcMixed', pricePer1000Calls: 333, monthlyFee: 1000 });

    await project(ctx.db, 'P1', anna.id, '2025-12-01T08:00:00.000Z');
    await licence(ctx.db, 'L1', 'P1', perCall, '2025-12-01T08:00:00.000Z');
    await licence(ctx.db, 'L2', 'P1', monthly, '2026-02-10T12:00:00.000Z');
    await project(ctx.db, 'P2', bob.id, '2025-11-01T08:00:00.000Z', '2026-01-20T15:00:00.000Z');
    await licence(ctx.db, 'L3', 'P2', mixed, '2025-11-01T08:00:00.000Z', '2026-01-20T15:00:00.000Z');
    await project(ctx.db, 'P3', anna.id, '2026-03-01T08:00:00.000Z'); // after the period
    await project(ctx.db, 'P4', bob.id, '2025-10-01T08:00:00.000Z', '2025-12-31T08:00:00.000Z'); // gone before it
    const usage: Array<[string, string, number]> = [
      ['L1', '2026-01-14', 1000], // before the period
      ['L1', '2026-01-15', 2000],
      ['L1', '2026-01-31', 1500],
      ['L1', '2026-02-01', 500],
      ['L1', '2026-02-20', 7],
      ['L1', '2026-02-21', 9999], // after the period
      ['L3', '2026-01-16', 1001],
      ['L3', '2026-01-19', 2],
    ];
    await ctx.db.insertInto('usageDaily').values(usage.map(([licenceId, day, count]) => ({ licenceId, day, count }))).execute();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const report = (query: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/admin/projects${query}`, headers: { ...bearer(adminToken), ...headers } });

  it('matches the hand-computed figures', async () => {
    const res = await report('?from=2026-01-15&to=2026-02-20');
    expect(res.statusCode).toBe(200);
    const body = res.json<Report>();
    expect(body.dateVon).toBe('2026-01-15');
    expect(body.dateBis).toBe('2026-02-20');
    expect(body.projects.map((p) => p.id)).toEqual(['P1', 'P2']);
    // P1: 4007 calls × 1.25 €/1000 = 5.00875 → 5.01; licence L2 created in Feb: 49.00 monthly + 99.00 once.
    expect(body.projects[0]).toMatchObject({ owner: 'Anna Alt', deleted: false, calls: 4007, price_api: 5.01, monthly: 49, single_payment: 99, price_gesamt: 153.01 });
    // P2: 1003 calls × 3.33 €/1000 = 3.33999 → 3.34; existed in January only: 10.00 monthly.
    expect(body.projects[1]).toMatchObject({ owner: 'Bob Berg', deleted: true, calls: 1003, price_api: 3.34, monthly: 10, single_payment: 0, price_gesamt: 13.34 });
    expect(body.totals).toEqual({ calls: 5010, price_api: 8.35, monthly: 59, single_payment: 99, price_gesamt: 166.35 });
  });

  it('writes exactly the properties the contract names, nothing more', async () => {
    const body = (await report('?from=2026-01-15&to=2026-02-20')).json<Record<string, unknown>>();
    const keys = (schema: { shape: object }) => Object.keys(schema.shape).sort();
    expect(Object.keys(body).sort()).toEqual(keys(adminReportSchema));
    expect(Object.keys(body.totals as object).sort()).toEqual(keys(costAmountsSchema));
    for (const row of body.projects as object[]) expect(Object.keys(row).sort()).toEqual(keys(adminReportProjectSchema));
    expect(adminReportSchema.safeParse(body).success).toBe(true);
  });

  it('reads whole months through the monthly roll-up with the same figures', async () => {
    const body = (await report('?from=2026-01-01&to=2026-02-28')).json<Report>();
    // P1: L1's January and February (1000 + 2000 + 1500 + 500 + 7 + 9999 = 15006 calls × 1.25 €/1000 = 18.7575 → 18.76);
    // L2 created in February: 49.00 for February and 99.00 once.
    expect(body.projects[0]).toMatchObject({ id: 'P1', calls: 15006, price_api: 18.76, monthly: 49, single_payment: 99, price_gesamt: 166.76 });
    // P2: 1003 calls × 3.33 €/1000 = 3.34; existed in January only: 10.00.
    expect(body.projects[1]).toMatchObject({ id: 'P2', calls: 1003, price_api: 3.34, monthly: 10, single_payment: 0, price_gesamt: 13.34 });
    expect(body.totals).toEqual({ calls: 16009, price_api: 22.1, monthly: 59, single_payment: 99, price_gesamt: 180.1 });
  });

  it('charges a monthly fee once per touched month, also for a one-day period', async () => {
    const body = (await report('?from=2026-02-20&to=2026-02-20')).json<Report>();
    const p1 = body.projects.find((p) => p.id === 'P1');
    expect(p1).toMatchObject({ calls: 7, price_api: 0.01, monthly: 49, single_payment: 0 });
    expect(body.projects.find((p) => p.id === 'P2')).toBeUndefined();
  });

  it('defaults to the current calendar month', async () => {
    const body = (await report('')).json<Report>();
    const month = currentMonth(new Date());
    expect([body.dateVon, body.dateBis]).toEqual([month.from, month.to]);
  });

  it('answers the same figures as CSV', async () => {
    for (const res of [await report('?from=2026-01-15&to=2026-02-20&format=csv'), await report('?from=2026-01-15&to=2026-02-20', { accept: 'text/csv' })]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('report-2026-01-15-2026-02-20.csv');
      const lines = res.body.trim().split('\r\n');
      // The report's column titles in the person's language (German by default), not the API's
      // field names.
      expect(lines[0]).toBe('Projekt,Ersteller:in,API-Anfragen,API-Kosten,Monatliche Gebühr,Einmalzahlung,Gesamtkosten,gelöscht');
      expect(lines[1]).toBe('P1,Anna Alt,4007,5.01,49.00,99.00,153.01,no');
      expect(lines[2]).toBe('P2,Bob Berg,1003,3.34,10.00,0.00,13.34,yes');
      expect(lines[3]).toBe('Summe,,5010,8.35,59.00,99.00,166.35,');
    }
    const english = await report('?from=2026-01-15&to=2026-02-20&format=csv', { 'content-language': 'en' });
    const lines = english.body.trim().split('\r\n');
    expect(lines[0]).toBe('Project,Creator,API requests,API cost,Monthly fee,Single payment,Total cost,deleted');
    expect(lines[3]).toBe('Total,,5010,8.35,59.00,99.00,166.35,');
  });

  it('rejects impossible or reversed periods', async () => {
    for (const q of ['?from=2026-02-01&to=2026-01-01', '?from=2026-02-31&to=2026-03-01', '?from=x&to=y', '?from=2026-01-01', '?bogus=1']) {
      const res = await report(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('validation');
    }
  });
});
