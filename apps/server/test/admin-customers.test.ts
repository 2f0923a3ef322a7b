import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLicenceViaApi,
  basicAuth,
  bearer,
  buildTestApp,
  countRows,
  createPerson,
  createProjectViaApi,
  createService,
  form,
  login,
  type TestContext,
  type TestPerson,
} from './helper.js';

interface AdminPerson {
  id: string;
  email: string;
  salutation: 'm' | 'f' | null;
  firstname: string;
  lastname: string;
  company: string;
  language: 'de' | 'en';
  isAdmin: boolean;
  disabled: boolean;
  verified: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  projects: Array<{ id: string; name: string; licences: Array<{ id: string; serviceName: { de: string; en: string }; licenceKey: string; online: boolean }> }>;
}
interface ListItem {
  id: string;
  email: string;
  isAdmin: boolean;
  disabled: boolean;
  verified: boolean;
  lastSignInAt: string | null;
  projects: number;
  licences: number;
}
interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}
interface AuditEntry {
  action: string;
  objectType: string;
  objectId: string;
  actor: { id: string; email: string };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  requestId: string;
}

const base = '/rest/collection/admin/person';

describe('admin console: customers', () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let adminToken: string;
  let anna: TestPerson;
  let annaToken: string;

  const get = (url: string, token = adminToken) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const patch = (id: string, payload: Record<string, unknown>, token = adminToken) =>
    ctx.app.inject({ method: 'PATCH', url: `${base}/${id}`, headers: bearer(token), payload });
  const audit = async (): Promise<AuditEntry[]> =>
    (await get('/rest/collection/admin/audit?type=person&pageSize=100')).json<Page<AuditEntry>>().items;

  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = await createPerson(ctx.db, { isAdmin: 1, email: 'chefin@example.com', firstname: 'Clara', lastname: 'Chef' });
    adminToken = await login(ctx.app, admin);
    anna = await createPerson(ctx.db, { email: 'anna@example.com', firstname: 'Anna', lastname: 'Albers' });
    annaToken = await login(ctx.app, anna);
    const service = await createService(ctx.db, { nameDe: 'Wetter', nameEn: 'Weather' });
    const project = await createProjectViaApi(ctx.app, annaToken, anna.id, { name: 'Annas Shop' });
    await addLicenceViaApi(ctx.app, annaToken, project, service);
    await createProjectViaApi(ctx.app, annaToken, anna.id, { name: 'Annas Blog' });
    for (let i = 0; i < 12; i++) {
      await createPerson(ctx.db, { email: `kunde${String(i).padStart(2, '0')}@example.com`, lastname: i === 3 ? 'Özdemir' : 'Muster' });
    }
  });
  afterAll(() => ctx.close());

  it('lists everyone by address, paged, with projects, licences, last sign-in and state', async () => {
    const first = await get(`${base}?pageSize=5`);
    expect(first.statusCode).toBe(200);
    const page = first.json<Page<ListItem>>();
    expect(page).toMatchObject({ page: 1, pageSize: 5, total: 14 });
    expect(page.items.map((p) => p.email)).toEqual([
      'anna@example.com',
      'chefin@example.com',
      'kunde00@example.com',
      'kunde01@example.com',
      'kunde02@example.com',
    ]);
    expect(page.items[0]).toMatchObject({ projects: 2, licences: 1, isAdmin: false, disabled: false, verified: true });
    expect(page.items[0]!.lastSignInAt).not.toBeNull();
    expect(page.items[2]).toMatchObject({ projects: 0, licences: 0, lastSignInAt: null });
    const third = (await get(`${base}?pageSize=5&page=3`)).json<Page<ListItem>>();
    expect(third.items.map((p) => p.email)).toEqual(['kunde08@example.com', 'kunde09@example.com', 'kunde10@example.com', 'kunde11@example.com']);
  });

  it('searches name, address and company in any case, with LIKE characters taken literally', async () => {
    const emails = async (q: string) =>
      (await get(`${base}?q=${encodeURIComponent(q)}&pageSize=100`)).json<Page<ListItem>>().items.map((p) => p.email);
    expect(await emails('ANNA')).toEqual(['anna@example.com']);
    expect(await emails('anna albers')).toEqual(['anna@example.com']);
    expect(await emails('chefin@')).toEqual(['chefin@example.com']);
    expect(await emails('test gmbh')).toHaveLength(14);
    expect(await emails('Özdemir')).toEqual(['kunde03@example.com']);
    expect(await emails('%')).toEqual([]);
    expect(await emails('_')).toEqual([]);
    expect((await get(`${base}?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await get(`${base}?pageSize=500`)).statusCode).toBe(400);
  });

  it('answers one person with their projects and licences, in the shape PATCH accepts', async () => {
    const res = await get(`${base}/${anna.id}`);
    expect(res.statusCode).toBe(200);
    const person = res.json<AdminPerson>();
    expect(person).toMatchObject({ id: anna.id, email: 'anna@example.com', firstname: 'Anna', isAdmin: false, disabled: false });
    expect(person.projects.map((p) => p.name).sort()).toEqual(['Annas Blog', 'Annas Shop']);
    const shop = person.projects.find((p) => p.name === 'Annas Shop')!;
    expect(shop.licences).toHaveLength(1);
    expect(shop.licences[0]!.serviceName).toEqual({ de: 'Wetter', en: 'Weather' });

    // Sent back unchanged: accepted, nothing changes, nothing is audited.
    const before = await countRows(ctx.db, 'auditLog');
    const back = await patch(anna.id, person as unknown as Record<string, unknown>);
    expect(back.statusCode).toBe(200);
    expect(back.json<AdminPerson>()).toEqual(person);
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);

    expect((await get(`${base}/nobody123`)).statusCode).toBe(404);
    expect((await patch('nobody123', { firstname: 'X' })).statusCode).toBe(404);
  });

  it('changes names, company and language, audited with before, after and the request id', async () => {
    const res = await patch(anna.id, { firstname: 'Annabell', company: 'Albers KG', language: 'en', salutation: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminPerson>()).toMatchObject({ firstname: 'Annabell', company: 'Albers KG', language: 'en', salutation: null });
    const [entry] = await audit();
    expect(entry).toMatchObject({
      action: 'update',
      objectType: 'person',
      objectId: anna.id,
      actor: { id: admin.id, email: admin.email },
      requestId: res.headers['x-request-id'],
    });
    expect(entry!.before).toMatchObject({ firstname: 'Anna', company: 'Test GmbH', language: 'de', salutation: 'f' });
    expect(entry!.after).toMatchObject({ firstname: 'Annabell', company: 'Albers KG', language: 'en', salutation: null });
    expect(JSON.stringify(entry)).not.toContain('passwordHash');
  });

  it('refuses bad input in the admin language and changes nothing', async () => {
    const before = await countRows(ctx.db, 'auditLog');
    const long = await ctx.app.inject({
      method: 'PATCH',
      url: `${base}/${anna.id}`,
      headers: { ...bearer(adminToken), 'accept-language': 'en' },
      payload: { firstname: 'x'.repeat(101), company: 'Neu' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: { code: string; fields: Record<string, string> } }>().error).toMatchObject({
      code: 'validation',
      fields: { firstname: expect.any(String) },
    });
    for (const payload of [{ language: 'fr' }, { isAdmin: 'maybe' }, { password: 'secret' }, { firstname: 'a\u0000b' }]) {
      expect((await patch(anna.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await get(`${base}/${anna.id}`)).json<AdminPerson>().company).toBe('Albers KG');
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);
  });

  it('disables a customer: their sessions end at once, sign-in is refused; enabling lets them in again', async () => {
    expect((await get(`/rest/collection/person/${anna.id}`, annaToken)).statusCode).toBe(200);
    // As the web app sends it: form-encoded.
    const res = await ctx.app.inject({ method: 'PATCH', url: `${base}/${anna.id}`, ...form('disabled=true'), headers: { ...form('').headers, ...bearer(adminToken) } });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminPerson>().disabled).toBe(true);
    expect((await get(`/rest/collection/person/${anna.id}`, annaToken)).statusCode).toBe(401);
    // The right password learns that the account is disabled (and nothing more).
    const signIn = await ctx.app.inject({ method: 'POST', url: '/rest/auth', headers: { authorization: basicAuth(anna.email, anna.password) } });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json<{ error: { code: string } }>().error.code).toBe('accountDisabled');
    expect((await audit())[0]).toMatchObject({ action: 'disable', objectId: anna.id, before: { disabled: false }, after: { disabled: true } });

    expect((await patch(anna.id, { disabled: false })).json<AdminPerson>().disabled).toBe(false);
    expect((await audit())[0]).toMatchObject({ action: 'enable', objectId: anna.id });
    annaToken = await login(ctx.app, anna);
  });

  it('makes a customer admin and takes it back; the last active admin stays, and nobody disables themselves', async () => {
    expect((await get(base, annaToken)).statusCode).toBe(403);
    expect((await patch(anna.id, { isAdmin: true })).json<AdminPerson>().isAdmin).toBe(true);
    expect((await audit())[0]).toMatchObject({ action: 'grant-admin', objectId: anna.id });
    expect((await get(base, annaToken)).statusCode).toBe(200);
    expect((await patch(anna.id, { isAdmin: false })).json<AdminPerson>().isAdmin).toBe(false);
    expect((await audit())[0]).toMatchObject({ action: 'revoke-admin', objectId: anna.id });
    expect((await get(base, annaToken)).statusCode).toBe(403);

    const before = await countRows(ctx.db, 'auditLog');
    const last = await patch(admin.id, { isAdmin: false });
    expect(last.statusCode).toBe(409);
    expect(last.json<{ error: { code: string } }>().error.code).toBe('lastAdmin');
    const self = await patch(admin.id, { disabled: true });
    expect(self.statusCode).toBe(409);
    expect(self.json<{ error: { code: string } }>().error.code).toBe('ownAccount');
    // With a second admin the first may step down; then the second is the last one.
    const second = await createPerson(ctx.db, { isAdmin: 1 });
    const secondToken = await login(ctx.app, second);
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);
    expect((await patch(admin.id, { isAdmin: false }, secondToken)).statusCode).toBe(200);
    expect((await patch(second.id, { disabled: true }, secondToken)).statusCode).toBe(409);
    expect((await patch(second.id, { isAdmin: false }, secondToken)).json<{ error: { code: string } }>().error.code).toBe('lastAdmin');
    expect((await get(base)).statusCode).toBe(403); // the former admin's session is a customer's now
    expect((await patch(admin.id, { isAdmin: true }, secondToken)).statusCode).toBe(200);
    expect((await get(base)).statusCode).toBe(200);
  });

  it('invites a new customer: unverified, the invitation mail is queued, audited; a taken address is 409', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: base,
      headers: bearer(adminToken),
      payload: { email: ' Neu@Example.com ', firstname: 'Nina', lastname: 'Neu', company: 'Neu AG', language: 'en', salutation: '', isAdmin: 'false' },
    });
    expect(res.statusCode).toBe(201);
    const person = res.json<AdminPerson>();
    expect(person).toMatchObject({ email: 'neu@example.com', firstname: 'Nina', verified: false, isAdmin: false, salutation: null, projects: [] });
    const mail = await ctx.db.selectFrom('mailOutbox').select(['kind', 'language']).where('toAddress', '=', 'neu@example.com').execute();
    expect(mail).toEqual([{ kind: 'invitation', language: 'en' }]);
    expect((await audit())[0]).toMatchObject({ action: 'invite', objectId: person.id, before: null, after: { email: 'neu@example.com' } });

    const before = await countRows(ctx.db, 'auditLog');
    const again = await ctx.app.inject({ method: 'POST', url: base, headers: bearer(adminToken), payload: { email: 'neu@example.com' } });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('emailTaken');
    const bad = await ctx.app.inject({ method: 'POST', url: base, headers: bearer(adminToken), payload: { email: 'not an address' } });
    expect(bad.statusCode).toBe(400);
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);
    expect(await countRows(ctx.db, 'person')).toBe(16);
  });

  it('sends a password-reset mail, audited; a disabled account gets none (409)', async () => {
    const reset = (id: string) =>
      ctx.app.inject({ method: 'POST', url: `${base}/${id}/password-reset`, headers: bearer(adminToken) });
    const res = await reset(anna.id);
    expect(res.statusCode).toBe(204);
    const mails = await ctx.db.selectFrom('mailOutbox').select('kind').where('toAddress', '=', anna.email).execute();
    expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
    expect((await audit())[0]).toMatchObject({ action: 'password-reset', objectId: anna.id, requestId: res.headers['x-request-id'] });

    const kunde = (await get(`${base}?q=kunde05`)).json<Page<ListItem>>().items[0]!;
    await patch(kunde.id, { disabled: true });
    const before = await countRows(ctx.db, 'auditLog');
    expect((await reset(kunde.id)).statusCode).toBe(409);
    expect(await ctx.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', kunde.email).execute()).toEqual([]);
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);
    expect((await reset('nobody123')).statusCode).toBe(404);
  });

  it('refuses every route to a customer (403) and to a caller without a session (401), changing nothing', async () => {
    const before = await countRows(ctx.db, 'auditLog');
    const people = await countRows(ctx.db, 'person');
    const calls = [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: base, payload: { email: 'x@example.com' } },
      { method: 'GET' as const, url: `${base}/${admin.id}` },
      { method: 'PATCH' as const, url: `${base}/${admin.id}`, payload: { disabled: true } },
      { method: 'POST' as const, url: `${base}/${admin.id}/password-reset` },
    ];
    for (const call of calls) {
      expect((await ctx.app.inject({ ...call, headers: bearer(annaToken) })).statusCode, call.url).toBe(403);
      expect((await ctx.app.inject(call)).statusCode, call.url).toBe(401);
    }
    expect(await countRows(ctx.db, 'auditLog')).toBe(before);
    expect(await countRows(ctx.db, 'person')).toBe(people);
    expect((await get(`${base}/${admin.id}`)).json<AdminPerson>().disabled).toBe(false);
  });
});
