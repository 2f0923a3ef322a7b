import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';

type Call = InjectOptions & { method: string; url: string };
import { bearer, buildTestApp, createPerson, createService, form, login, type TestContext } from './helper.js';

// What must NOT happen: nobody reaches another person's data, whatever the route or method.
// Every route × method × caller (anonymous, owner, other customer, admin) is walked by the access
// matrix generated from the route table (test/reliability/access-matrix.test.ts); this file keeps
// the cases that need more than one call or a look at the answer's contents.
describe('ownership and access policies', () => {
  let ctx: TestContext;
  let ownerToken: string;
  let strangerToken: string;
  let ownerId: string;
  let projectId: string;
  let licenceId: string;
  let serviceId: string;
  let otherServiceId: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    const owner = await createPerson(ctx.db);
    const stranger = await createPerson(ctx.db);
    ownerId = owner.id;
    ownerToken = await login(ctx.app, owner);
    strangerToken = await login(ctx.app, stranger);
    serviceId = await createService(ctx.db, {
      formJson: JSON.stringify([{ id: 's', label: { de: 'A', en: 'A' }, fields: [{ id: 'f1', name: { de: 'F', en: 'F' }, fieldType: 'text' }] }]),
    });
    otherServiceId = await createService(ctx.db);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      headers: bearer(ownerToken),
      payload: { projectOwner: owner.id, name: 'Geheim', description: 'Nur für mich' },
    });
    projectId = created.json<{ id: string }>().id;
    const added = await ctx.app.inject({
      method: 'PUT',
      url: `/rest/collection/project/${projectId}/service_licence/${serviceId}`,
      headers: bearer(ownerToken),
    });
    licenceId = added.json<{ licences: Array<{ id: string }> }>().licences[0]!.id;
  });
  afterAll(async () => {
    await ctx.close();
  });

  const foreignCalls = (): Call[] => [
    { method: 'GET', url: `/rest/collection/person/${ownerId}` },
    { method: 'PATCH', url: `/rest/collection/person/${ownerId}`, payload: { firstname: 'Hacked' } },
    {
      method: 'PATCH',
      url: `/rest/collection/person/${ownerId}/password`,
      payload: { passwordActual: 'correct horse battery', password: 'newpassword1' },
    },
    { method: 'GET', url: `/rest/collection/person/${ownerId}/avatar` },
    { method: 'GET', url: `/rest/collection/person/${ownerId}/project` },
    { method: 'GET', url: `/rest/collection/project/${projectId}` },
    { method: 'PATCH', url: `/rest/collection/project/${projectId}`, payload: { name: 'Hacked' } },
    { method: 'DELETE', url: `/rest/collection/project/${projectId}` },
    { method: 'PUT', url: `/rest/collection/project/${projectId}/service_licence/${otherServiceId}` },
    { method: 'DELETE', url: `/rest/collection/project/${projectId}/service_licence/${licenceId}` },
    { method: 'GET', url: `/rest/collection/service_licence/${licenceId}` },
    { method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, payload: { online: false } },
    { method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, ...form(`values=${encodeURIComponent('{"f1":"x"}')}`) },
  ];

  it('answers an avatar upload for someone else with 404', async () => {
    const boundary = 'b0undary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nxx\r\n--${boundary}--\r\n`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/rest/collection/person/${ownerId}/avatar`,
      headers: { ...bearer(strangerToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(404);
  });

  it("does not list another person's projects in the stranger's own list", async () => {
    const strangerId = (await ctx.db.selectFrom('session').innerJoin('person', 'person.id', 'session.personId').select('person.id').where('person.id', '!=', ownerId).executeTakeFirstOrThrow()).id;
    const res = await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${strangerId}/project`, headers: bearer(strangerToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json<unknown[]>()).toEqual([]);
  });

  it('lets the owner do all of it', async () => {
    for (const call of foreignCalls().filter((c) => c.method === 'GET' && !c.url.endsWith('/avatar'))) {
      const res = await ctx.app.inject({ ...call, headers: bearer(ownerToken) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(200);
    }
  });

  it('forbids the admin report to a non-admin with 403, on the server', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/projects', headers: bearer(ownerToken) });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    const csv = await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/projects?format=csv', headers: bearer(ownerToken) });
    expect(csv.statusCode).toBe(403);
  });

  it('never sends password or token hashes', async () => {
    for (const call of foreignCalls().filter((c) => c.method === 'GET')) {
      const res = await ctx.app.inject({ ...call, headers: bearer(ownerToken) });
      expect(res.body).not.toMatch(/argon2|passwordHash|tokenHash|password_hash/);
    }
  });

  it('refuses usage ingest without the configured token', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/usage/ingest',
      headers: bearer(ownerToken),
      payload: { items: [{ licenceKey: 'x', day: '2026-01-01', count: 1 }] },
    });
    expect(res.statusCode).toBe(401);
  });
});
