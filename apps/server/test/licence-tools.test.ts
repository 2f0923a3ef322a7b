import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { currentMonth, isoDay } from '../src/lib/period.js';
import { checkUsageAlerts, licenceLinks } from '../src/modules/licence-tools/usage-alert.service.js';
import { importUsageCsv } from '../src/modules/usage/usage-import.service.js';
import {
  addLicenceViaApi,
  bearer,
  createPerson,
  createProjectViaApi,
  createService,
  createTestDatabase,
  form,
  login,
  type TestDatabase,
} from './helper.js';

const INGEST = 'ingest-token-0123456789-0123456789-abcdef';
const HOUR = 3_600_000;

interface LicenceAnswer {
  licenceKey: string;
  jsServiceCode: string;
  previousKeyValidUntil: string | null;
  alert: { monthlyCalls: number | null; month: string; callsThisMonth: number };
}

describe('licence tools', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** The app's clock runs this far ahead of the real one. */
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let ownerToken: string;
  let otherToken: string;
  let adminToken: string;
  let owner: { id: string; email: string };
  let projectId: string;
  let licenceId: string;
  let serviceId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, USAGE_INGEST_TOKEN: INGEST });
    app = await buildApp({ config, db: database.db, dialect: database.dialect, logger: false, clock });
    await app.ready();
    const ownerPerson = await createPerson(database.db, { firstname: 'Olga', lastname: 'Owner' });
    await database.db.updateTable('person').set({ language: 'en' }).where('id', '=', ownerPerson.id).execute();
    owner = ownerPerson;
    ownerToken = await login(app, ownerPerson);
    otherToken = await login(app, await createPerson(database.db));
    adminToken = await login(app, await createPerson(database.db, { isAdmin: 1 }));
    serviceId = await createService(database.db, { nameDe: '=Prüfdienst', nameEn: '=Checker', pricePer1000Calls: 333, monthlyFee: 1000, singlePayment: 4900 });
    projectId = await createProjectViaApi(app, ownerToken, ownerPerson.id, { name: 'Shop' });
    licenceId = await addLicenceViaApi(app, ownerToken, projectId, serviceId);
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(() => {
    offset = 0;
  });

  const getLicence = async (token = ownerToken) => {
    const res = await app.inject({ method: 'GET', url: `/rest/collection/service_licence/${licenceId}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return res.json<LicenceAnswer>();
  };
  const ingest = (items: Array<{ licenceKey: string; day: string; count: number }>) =>
    app.inject({ method: 'POST', url: '/rest/usage/ingest', headers: { authorization: `Bearer ${INGEST}` }, payload: { items } });
  const check = async (licenceKey: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/rest/usage/licence-check',
      headers: { authorization: `Bearer ${INGEST}` },
      payload: { licenceKey },
    });
    return res.json<{ valid: boolean }>().valid;
  };
  const alertMails = () =>
    database.db.selectFrom('mailOutbox').select(['toAddress', 'language', 'subject']).where('kind', '=', 'usage-alert').execute();

  describe('key rotation', () => {
    it('issues a new key; the old one works for ingest and the check for 24 hours, then not', async () => {
      const before = await getLicence();
      const rotatedAt = clock.now().getTime();
      const res = await app.inject({ method: 'POST', url: `/rest/collection/service_licence/${licenceId}/key`, headers: bearer(ownerToken) });
      expect(res.statusCode).toBe(200);
      const rotation = res.json<{ licenceKey: string; previousKeyValidUntil: string }>();
      expect(rotation.licenceKey).toMatch(/^lk_[A-Za-z0-9_-]{27}$/);
      expect(rotation.licenceKey).not.toBe(before.licenceKey);
      const validUntil = Date.parse(rotation.previousKeyValidUntil);
      expect(validUntil - rotatedAt).toBeGreaterThanOrEqual(24 * HOUR);
      expect(validUntil - rotatedAt).toBeLessThan(24 * HOUR + 60_000);

      // The integration code shows the new key at once.
      const after = await getLicence();
      expect(after.licenceKey).toBe(rotation.licenceKey);
      expect(after.jsServiceCode).toContain(rotation.licenceKey);
      expect(after.jsServiceCode).not.toContain(before.licenceKey);
      expect(after.previousKeyValidUntil).toBe(rotation.previousKeyValidUntil);

      const day = isoDay(clock.now());
      offset = 23 * HOUR;
      expect(await check(before.licenceKey)).toBe(true);
      expect(await check(rotation.licenceKey)).toBe(true);
      const late = await ingest([{ licenceKey: before.licenceKey, day, count: 42 }]);
      expect(late.json()).toEqual({ accepted: 1, unknownKeys: [] });
      const counted = await database.db
        .selectFrom('usageDaily')
        .select('count')
        .where('licenceId', '=', licenceId)
        .where('day', '=', day)
        .executeTakeFirst();
      expect(Number(counted?.count)).toBe(42);

      offset = validUntil - Date.now(); // the moment the grace period ends
      expect(await check(before.licenceKey)).toBe(false);
      expect((await ingest([{ licenceKey: before.licenceKey, day, count: 1 }])).json()).toEqual({
        accepted: 0,
        unknownKeys: [before.licenceKey],
      });
      expect(await check(rotation.licenceKey)).toBe(true);
      expect((await getLicence()).previousKeyValidUntil).toBeNull();
    });

    it('answers 404 to another customer and changes nothing', async () => {
      const before = await getLicence();
      const res = await app.inject({ method: 'POST', url: `/rest/collection/service_licence/${licenceId}/key`, headers: bearer(otherToken) });
      expect(res.statusCode).toBe(404);
      expect((await getLicence()).licenceKey).toBe(before.licenceKey);
      expect(await check(before.licenceKey)).toBe(true);
    });
  });

  describe('usage export', () => {
    let key: string;
    beforeAll(async () => {
      key = (await getLicence()).licenceKey;
      await database.db.deleteFrom('usageDaily').where('licenceId', '=', licenceId).execute();
      await ingest([
        { licenceKey: key, day: '2026-03-01', count: 10 },
        { licenceKey: key, day: '2026-03-03', count: 30 },
        { licenceKey: key, day: '2026-03-09', count: 99 }, // after the period
      ]);
    });

    it('answers every day of the period as JSON, zero where nothing was counted', async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/rest/collection/service_licence/${licenceId}/usage?from=2026-03-01&to=2026-03-04`,
        headers: bearer(ownerToken),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { day: '2026-03-01', calls: 10 },
        { day: '2026-03-02', calls: 0 },
        { day: '2026-03-03', calls: 30 },
        { day: '2026-03-04', calls: 0 },
      ]);
    });

    it('answers CSV for Accept: text/csv and format=csv, with a file name', async () => {
      for (const request of [
        { url: `/rest/collection/service_licence/${licenceId}/usage?from=2026-03-01&to=2026-03-03`, headers: { accept: 'text/csv' } },
        { url: `/rest/collection/service_licence/${licenceId}/usage?from=2026-03-01&to=2026-03-03&format=csv`, headers: {} },
      ]) {
        const res = await app.inject({ method: 'GET', url: request.url, headers: { ...bearer(ownerToken), ...request.headers } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="usage-${licenceId}-2026-03-01-2026-03-03.csv"`);
        expect(res.body).toBe('day,calls\r\n2026-03-01,10\r\n2026-03-02,0\r\n2026-03-03,30\r\n');
      }
    });

    it("exports the project's usage per licence and day, cells protected against formulas", async () => {
      // Licences count from their creation: the project's export covers this month.
      const month = currentMonth(new Date());
      const second = `${month.from.slice(0, 8)}02`;
      await ingest([
        { licenceKey: key, day: month.from, count: 10 },
        { licenceKey: key, day: second, count: 30 },
      ]);
      const res = await app.inject({
        method: 'GET',
        url: `/rest/collection/project/${projectId}/usage?from=${month.from}&to=${month.to}&format=csv`,
        headers: { ...bearer(ownerToken), 'content-language': 'de' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="usage-${projectId}-${month.from}-${month.to}.csv"`);
      // The service's name starts with '=': a spreadsheet would run it, so it gets a leading quote.
      expect(res.body).toBe(
        `service,licenceKey,day,calls\r\n'=Prüfdienst,${key},${month.from},10\r\n'=Prüfdienst,${key},${second},30\r\n`,
      );
      const json = await app.inject({
        method: 'GET',
        url: `/rest/collection/project/${projectId}/usage?from=${second}&to=${month.to}`,
        headers: { ...bearer(ownerToken), 'content-language': 'en' },
      });
      expect(json.json()).toEqual([{ service: '=Checker', licenceKey: key, day: second, calls: 30 }]);
      // Without a period: this month.
      const plain = await app.inject({ method: 'GET', url: `/rest/collection/project/${projectId}/usage`, headers: bearer(ownerToken) });
      expect(plain.json()).toHaveLength(2);
    });

    it('refuses periods that are not bounded, and answers 404 to another customer', async () => {
      for (const query of ['from=2026-03-05&to=2026-03-01', 'from=2024-01-01&to=2026-03-01', 'from=2026-03-01', 'from=2026-02-30&to=2026-03-01']) {
        for (const url of [`/rest/collection/service_licence/${licenceId}/usage?${query}`, `/rest/collection/project/${projectId}/usage?${query}`]) {
          const res = await app.inject({ method: 'GET', url, headers: bearer(ownerToken) });
          expect(res.statusCode, url).toBe(400);
          expect(res.json<{ error: { code: string } }>().error.code).toBe('validation');
        }
      }
      for (const url of [
        `/rest/collection/service_licence/${licenceId}/usage?format=csv`,
        `/rest/collection/project/${projectId}/usage?format=csv`,
        `/rest/collection/project/${projectId}/costs`,
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: bearer(otherToken) });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain(key);
      }
    });
  });

  describe('usage alerts', () => {
    const patch = (body: string, token = ownerToken) =>
      app.inject({ method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, headers: { ...form(body).headers, ...bearer(token) }, payload: body });

    it('takes a positive whole threshold or none, and refuses anything else', async () => {
      for (const bad of ['alertMonthlyCalls=0', 'alertMonthlyCalls=-5', 'alertMonthlyCalls=1.5', 'alertMonthlyCalls=abc', 'alertMonthlyCalls=10000000000001']) {
        const res = await patch(bad);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json<{ error: { fields?: Record<string, string> } }>().error.fields).toHaveProperty('alertMonthlyCalls');
      }
      expect((await getLicence()).alert.monthlyCalls).toBeNull();
      const set = await patch('alertMonthlyCalls=250');
      expect(set.statusCode).toBe(200);
      expect(set.json<LicenceAnswer>().alert).toMatchObject({ monthlyCalls: 250, month: isoDay(new Date()).slice(0, 7) });
      expect((await patch('alertMonthlyCalls=')).json<LicenceAnswer>().alert.monthlyCalls).toBeNull();
      expect((await patch('alertMonthlyCalls=250', otherToken)).statusCode).toBe(404);
      expect((await getLicence()).alert.monthlyCalls).toBeNull();
    });

    it('sends one mail per month when the month crosses the threshold, even with parallel ingests', async () => {
      const key = (await getLicence()).licenceKey;
      const month = currentMonth(clock.now());
      await database.db.deleteFrom('usageDaily').where('licenceId', '=', licenceId).execute();
      // Editors hear of it too, in their language; viewers do not.
      const editor = await createPerson(database.db, { email: 'editor@example.com' });
      const viewer = await createPerson(database.db, { email: 'viewer@example.com' });
      const now = new Date().toISOString();
      await database.db
        .insertInto('projectMember')
        .values([
          { projectId, personId: editor.id, role: 'editor', createdAt: now },
          { projectId, personId: viewer.id, role: 'viewer', createdAt: now },
        ])
        .execute();
      expect((await patch('alertMonthlyCalls=100')).statusCode).toBe(200);

      await ingest([{ licenceKey: key, day: month.from, count: 60 }]);
      expect(await alertMails()).toHaveLength(0);
      expect((await getLicence()).alert).toMatchObject({ monthlyCalls: 100, callsThisMonth: 60 });

      // Eight batches at once, each pushing the month over the threshold.
      const days = Array.from({ length: 8 }, (_, i) => `${month.from.slice(0, 8)}${String(i + 2).padStart(2, '0')}`);
      const answers = await Promise.all(days.map((day) => ingest([{ licenceKey: key, day, count: 50 }])));
      expect(answers.map((a) => a.statusCode)).toEqual(days.map(() => 200));
      const mails = await alertMails();
      expect(mails).toHaveLength(2);
      expect(mails.find((m) => m.toAddress === owner.email)).toMatchObject({
        language: 'en',
        subject: 'Usage threshold reached: =Checker in Shop',
      });
      expect(mails.find((m) => m.toAddress === 'editor@example.com')).toMatchObject({
        language: 'de',
        subject: 'Nutzungsgrenze erreicht: =Prüfdienst in Shop',
      });
      expect((await getLicence()).alert.callsThisMonth).toBe(460);

      // More usage in the same month: no second mail.
      await ingest([{ licenceKey: key, day: month.from, count: 500 }]);
      expect(await alertMails()).toHaveLength(2);
      // A backfill of a month long gone alerts nobody.
      await ingest([{ licenceKey: key, day: '2024-05-01', count: 5000 }]);
      expect(await alertMails()).toHaveLength(2);
      await database.db.deleteFrom('projectMember').where('projectId', '=', projectId).execute();
    });

    it('alerts for usage that arrives by CSV import too, once for the month', async () => {
      const key = (await getLicence()).licenceKey;
      // The month after this one: its first usage comes from the file.
      offset = 0;
      const next = new Date(Date.UTC(clock.now().getUTCFullYear(), clock.now().getUTCMonth() + 1, 2));
      offset = next.getTime() - Date.now();
      const day = isoDay(next);
      const link = licenceLinks({ publicUrl: 'https://portal.example.com', port: 0 });
      const csv = `licenceKey,day,count\n${key},${day},70\n${key},${day.slice(0, 8)}01,40\n`;
      const run = () =>
        importUsageCsv(database.db, Readable.from([csv]), {
          now: clock.now(),
          afterBatch: (rows) => checkUsageAlerts(database.db, rows, clock.now(), link),
        });
      const before = (await alertMails()).length;
      expect((await run()).stored).toBe(2);
      await run();
      const mails = await database.db
        .selectFrom('mailOutbox')
        .select(['subject', 'textBody'])
        .where('kind', '=', 'usage-alert')
        .orderBy('createdAt')
        .execute();
      expect(mails).toHaveLength(before + 1);
      expect(mails.at(-1)?.textBody).toContain('110 calls');
      expect(mails.at(-1)?.textBody).toContain(`https://portal.example.com/projects/${projectId}/${licenceId}`);
    });
  });

  describe('costs for the customer', () => {
    it("answers the admin report's figures for the project, per licence", async () => {
      const second = await createService(database.db, { pricePer1000Calls: 125, monthlyFee: 4900 });
      const secondLicence = await addLicenceViaApi(app, ownerToken, projectId, second);
      const month = currentMonth(new Date());
      await database.db
        .insertInto('usageDaily')
        .values([
          { licenceId: secondLicence, day: month.from, count: 1234 },
          { licenceId: secondLicence, day: month.to, count: 4321 },
        ])
        .onConflict((oc) => oc.columns(['licenceId', 'day']).doUpdateSet({ count: 1 }))
        .execute();
      // A removed licence stays billed for the months it existed.
      const removed = await app.inject({
        method: 'DELETE',
        url: `/rest/collection/project/${projectId}/service_licence/${secondLicence}`,
        headers: bearer(ownerToken),
      });
      expect(removed.statusCode).toBe(204);

      for (const query of ['', `?from=${month.from}&to=${month.to}`, '?from=2026-01-01&to=2026-12-31']) {
        const costs = await app.inject({ method: 'GET', url: `/rest/collection/project/${projectId}/costs${query}`, headers: bearer(ownerToken) });
        expect(costs.statusCode).toBe(200);
        const body = costs.json<{
          licences: Array<{ id: string; deleted: boolean; calls: number; price_gesamt: number }>;
          totals: Record<string, number>;
        }>();
        const report = await app.inject({ method: 'GET', url: `/rest/collection/admin/projects${query}`, headers: bearer(adminToken) });
        const row = report.json<{ projects: Array<Record<string, unknown>> }>().projects.find((p) => p.id === projectId);
        expect(row).toBeDefined();
        expect(body.totals).toEqual({
          calls: row?.calls,
          price_api: row?.price_api,
          monthly: row?.monthly,
          single_payment: row?.single_payment,
          price_gesamt: row?.price_gesamt,
        });
        expect(body.licences.map((l) => [l.id, l.deleted])).toEqual([
          [licenceId, false],
          [secondLicence, true],
        ]);
        const sumOfRows = body.licences.reduce((sum, l) => sum + Math.round(l.price_gesamt * 100), 0);
        expect(sumOfRows).toBe(Math.round(body.totals.price_gesamt! * 100));
        expect(body.totals.price_gesamt).toBeGreaterThan(0);
      }
    });
  });
  describe('roles', () => {
    it('lets viewers read usage and costs but not rotate or set the threshold; editors may', async () => {
      const viewer = await createPerson(database.db);
      const editor = await createPerson(database.db);
      const now = new Date().toISOString();
      await database.db
        .insertInto('projectMember')
        .values([
          { projectId, personId: viewer.id, role: 'viewer', createdAt: now },
          { projectId, personId: editor.id, role: 'editor', createdAt: now },
        ])
        .execute();
      const viewerToken = await login(app, viewer);
      const editorToken = await login(app, editor);
      const key = (await getLicence()).licenceKey;
      for (const url of [
        `/rest/collection/service_licence/${licenceId}/usage?format=csv`,
        `/rest/collection/project/${projectId}/usage?format=csv`,
        `/rest/collection/project/${projectId}/costs`,
      ]) {
        expect((await app.inject({ method: 'GET', url, headers: bearer(viewerToken) })).statusCode, url).toBe(200);
      }
      const rotateAs = (token: string) =>
        app.inject({ method: 'POST', url: `/rest/collection/service_licence/${licenceId}/key`, headers: bearer(token) });
      const thresholdAs = (token: string) =>
        app.inject({
          method: 'PATCH',
          url: `/rest/collection/service_licence/${licenceId}`,
          headers: { ...form('').headers, ...bearer(token) },
          payload: 'alertMonthlyCalls=7',
        });
      expect((await rotateAs(viewerToken)).statusCode).toBe(403);
      expect((await thresholdAs(viewerToken)).statusCode).toBe(403);
      expect((await getLicence()).licenceKey).toBe(key);
      expect((await getLicence()).alert.monthlyCalls).not.toBe(7);
      expect((await rotateAs(editorToken)).statusCode).toBe(200);
      expect((await thresholdAs(editorToken)).statusCode).toBe(200);
      expect((await getLicence()).licenceKey).not.toBe(key);
      expect((await getLicence()).alert.monthlyCalls).toBe(7);
    });
  });
});
