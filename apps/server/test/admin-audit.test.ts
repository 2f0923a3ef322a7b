import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/audit/audit.service.js';
import { bearer, buildTestApp, countRows, createPerson, login, type TestContext, type TestPerson } from './helper.js';

interface AuditPage {
  items: Array<{
    id: string;
    at: string;
    actor: { id: string; email: string };
    action: string;
    objectType: string;
    objectId: string;
    before: unknown;
    after: unknown;
    requestId: string;
  }>;
  page: number;
  pageSize: number;
  total: number;
}

describe('audit log', () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let other: TestPerson;
  let adminToken: string;
  let customerToken: string;

  const list = (query: string, token = adminToken) =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/admin/audit${query}`, headers: bearer(token) });

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createPerson(ctx.db, { isAdmin: 1 });
    other = await createPerson(ctx.db, { isAdmin: 1 });
    const customer = await createPerson(ctx.db);
    adminToken = await login(ctx.app, admin);
    customerToken = await login(ctx.app, customer);
    // 30 entries over three days, two actors, two object types.
    for (let i = 0; i < 30; i++) {
      const actor = i % 3 === 0 ? other : admin;
      const day = `2026-03-0${1 + (i % 3)}`;
      await recordAudit(
        ctx.db,
        {
          actor: { id: actor.id, email: actor.email },
          requestId: `req${i}`,
          action: 'update',
          objectType: i % 2 === 0 ? 'person' : 'service',
          objectId: `obj${i}`,
          before: { n: i },
          after: { n: i + 1 },
          at: new Date(`${day}T10:${String(i).padStart(2, '0')}:00.000Z`),
        },
      );
    }
  });
  afterAll(() => ctx.close());

  it('answers pages, newest first, with the total', async () => {
    const first = await list('?pageSize=10');
    expect(first.statusCode).toBe(200);
    const page = first.json<AuditPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 30 });
    expect(page.items).toHaveLength(10);
    const times = page.items.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.items[0]).toMatchObject({ objectId: 'obj29', before: { n: 29 }, after: { n: 30 }, requestId: 'req29' });

    const last = (await list('?pageSize=10&page=3')).json<AuditPage>();
    expect(last.items).toHaveLength(10);
    const seen = new Set([...page.items, ...last.items].map((e) => e.id));
    expect(seen.size).toBe(20);
    const beyond = (await list('?pageSize=10&page=4')).json<AuditPage>();
    expect(beyond).toMatchObject({ items: [], total: 30 });
  });

  it('filters by days (both included), actor and object type', async () => {
    const day2 = (await list('?from=2026-03-02&to=2026-03-02&pageSize=100')).json<AuditPage>();
    expect(day2.total).toBe(10);
    expect(day2.items.every((e) => e.at.startsWith('2026-03-02'))).toBe(true);

    const byOther = (await list(`?actor=${other.id}&pageSize=100`)).json<AuditPage>();
    expect(byOther.total).toBe(10);
    expect(byOther.items.every((e) => e.actor.email === other.email)).toBe(true);

    const services = (await list('?type=service&from=2026-03-01&to=2026-03-01')).json<AuditPage>();
    expect(services.items.every((e) => e.objectType === 'service' && e.at.startsWith('2026-03-01'))).toBe(true);
    expect(services.total).toBe(5);
  });

  it('refuses bad paging and filters with a 400', async () => {
    for (const query of ['?pageSize=0', '?pageSize=101', '?page=0', '?page=x', '?from=2026-02-30', '?type=DROP%20TABLE', '?actor=a-b', '?other=1']) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('validation');
    }
  });

  it('is for admins only: 403 for a customer, 401 without a session', async () => {
    expect((await list('', customerToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/audit' })).statusCode).toBe(401);
  });

  it('has no route that changes an entry, and the database refuses it too', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/rest/collection/admin/audit', headers: bearer(adminToken), payload: {} });
      expect(res.statusCode, method).toBe(404);
    }
    await expect(sql`update audit_log set action = 'nothing'`.execute(ctx.db)).rejects.toThrow();
    await expect(sql`delete from audit_log`.execute(ctx.db)).rejects.toThrow();
    expect(await countRows(ctx.db, 'auditLog')).toBe(30);
  });

  it('lets an operator remove entries older than a year, and only those', async () => {
    const old = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    await recordAudit(
      ctx.db,
      { actor: { id: admin.id, email: admin.email }, requestId: 'old', action: 'update', objectType: 'person', objectId: 'x', before: null, after: null, at: old },
    );
    expect(await countRows(ctx.db, 'auditLog')).toBe(31);
    await sql`delete from audit_log where request_id = 'old'`.execute(ctx.db);
    expect(await countRows(ctx.db, 'auditLog')).toBe(30);
  });
});
