import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import projectTexts from '@portal/translations/texts/Projects.json' with { type: 'json' };
import { bearer, buildTestApp, createPerson, createService, form, login, snapshot, type TestContext } from './helper.js';

interface ProjectBody {
  id: string;
  key: string;
  name: string;
  description: string;
  projectOwner: { oid: string; name: string };
  domainsProduction: string[];
  domainsSandbox: string[];
  licences: Array<{ id: string; service: { id: string }; online: boolean; calls: { total: number } }>;
}

describe('projects', () => {
  let ctx: TestContext;
  let token: string;
  let ownerId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const person = await createPerson(ctx.db, { firstname: 'Jana', lastname: 'Jäger' });
    ownerId = person.id;
    token = await login(ctx.app, person);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const create = (body: string) =>
    ctx.app.inject({ method: 'POST', url: '/rest/collection/project', ...form(body), headers: { ...form(body).headers, ...bearer(token) } });

  it('creates a project from a form with bracket arrays, dropping empty domain entries', async () => {
    const res = await create(
      `projectOwner=${ownerId}&name=Shop&description=Neuer%20Shop&domainsProduction[]=shop.example.com&domainsProduction[]=&domainsProduction[]=www.example.com&domainsSandbox[]=`,
    );
    expect(res.statusCode).toBe(201);
    const project = res.json<ProjectBody>();
    expect(project).toMatchObject({
      name: 'Shop',
      description: 'Neuer Shop',
      domainsProduction: ['shop.example.com', 'www.example.com'],
      domainsSandbox: [],
      licences: [],
      projectOwner: { oid: ownerId, name: 'Jana Jäger' },
    });
    expect(project.id).toMatch(/^[A-Za-z0-9]+$/);
    expect(project.key).toBe(project.id);
    const list = await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${ownerId}/project`, headers: bearer(token) });
    expect(list.json<ProjectBody[]>().map((p) => p.id)).toContain(project.id);
  });

  it.each([
    ['a missing name', 'description=x'],
    ['an empty description', 'name=x&description=%20'],
    ['a domain with a space', 'name=x&description=y&domainsProduction[]=bad%20host.com'],
    ['a domain that is no host', 'name=x&description=y&domainsSandbox[]=http://x.com/path'],
    ['an extra field isAdmin', 'name=x&description=y&isAdmin=1'],
  ])('rejects %s with a validation error and writes nothing', async (_label, body) => {
    const before = await snapshot(ctx.db);
    const res = await create(`projectOwner=${ownerId}&${body}`);
    expect(res.statusCode).toBe(400);
    const error = res.json<{ error: { code: string; message: string; fields: Record<string, string> } }>().error;
    expect(error.code).toBe('validation');
    expect(error.message).toBe('Die Eingaben sind nicht gültig.');
    expect(Object.keys(error.fields).length).toBeGreaterThan(0);
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it.each([
    ['de', 'example..com', 'hostEmptyLabel'],
    ['en', 'example..com', 'hostEmptyLabel'],
    ['de', 'https://example.com', 'hostScheme'],
  ] as const)('names the reason a domain is refused (%s, %s), in the words of the web form', async (language, host, problem) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      ...form(`projectOwner=${ownerId}&name=x&description=y&domainsProduction[]=${encodeURIComponent(host)}`),
      headers: { ...form('').headers, ...bearer(token), 'accept-language': language },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ error: { fields: Record<string, string> } }>().error.fields;
    expect(fields['domainsProduction.0']).toBe(projectTexts[problem][language]);
  });

  it("refuses to create a project for someone else", async () => {
    const other = await createPerson(ctx.db);
    const before = await snapshot(ctx.db);
    const res = await create(`projectOwner=${other.id}&name=x&description=y`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('projectOwner');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('renames, changes domains, and keeps untouched fields', async () => {
    const { id } = (await create(`projectOwner=${ownerId}&name=Alt&description=Text&domainsProduction[]=a.example.com`)).json<ProjectBody>();
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/project/${id}`,
      headers: bearer(token),
      payload: { name: 'Neu', domainsSandbox: ['test.example.com'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<ProjectBody>()).toMatchObject({
      name: 'Neu',
      description: 'Text',
      domainsProduction: ['a.example.com'],
      domainsSandbox: ['test.example.com'],
    });
    const empty = await ctx.app.inject({ method: 'PATCH', url: `/rest/collection/project/${id}`, headers: bearer(token), payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('deletes softly: gone for the owner, kept in the database', async () => {
    const { id } = (await create(`projectOwner=${ownerId}&name=Weg&description=Bald%20weg`)).json<ProjectBody>();
    const del = await ctx.app.inject({ method: 'DELETE', url: `/rest/collection/project/${id}`, headers: bearer(token) });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expect((await ctx.app.inject({ method: 'GET', url: `/rest/collection/project/${id}`, headers: bearer(token) })).statusCode).toBe(404);
    const row = await ctx.db.selectFrom('project').select('deletedAt').where('id', '=', id).executeTakeFirst();
    expect(row?.deletedAt).not.toBeNull();
    const again = await ctx.app.inject({ method: 'DELETE', url: `/rest/collection/project/${id}`, headers: bearer(token) });
    expect(again.statusCode).toBe(404);
  });

  it('answers 400 for an id of the wrong shape and 404 for an unknown one', async () => {
    const bad = await ctx.app.inject({ method: 'GET', url: '/rest/collection/project/x-y', headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: 'GET', url: '/rest/collection/project/doesNotExist', headers: bearer(token) });
    expect(unknown.statusCode).toBe(404);
  });

  it('adds a service once (a second add is a clear 409) and removes it again', async () => {
    const serviceId = await createService(ctx.db);
    const { id } = (await create(`projectOwner=${ownerId}&name=Lizenzen&description=x`)).json<ProjectBody>();
    const add = await ctx.app.inject({ method: 'PUT', url: `/rest/collection/project/${id}/service_licence/${serviceId}`, headers: bearer(token) });
    expect(add.statusCode).toBe(201);
    const project = add.json<ProjectBody>();
    expect(project.licences).toHaveLength(1);
    expect(project.licences[0]).toMatchObject({ service: { id: serviceId }, online: true, calls: { total: 0 } });
    const twice = await ctx.app.inject({ method: 'PUT', url: `/rest/collection/project/${id}/service_licence/${serviceId}`, headers: bearer(token) });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ error: { code: string } }>().error.code).toBe('alreadyLicensed');
    const unknownService = await ctx.app.inject({ method: 'PUT', url: `/rest/collection/project/${id}/service_licence/noSuchService`, headers: bearer(token) });
    expect(unknownService.statusCode).toBe(404);

    const licenceId = project.licences[0]!.id;
    const remove = await ctx.app.inject({ method: 'DELETE', url: `/rest/collection/project/${id}/service_licence/${licenceId}`, headers: bearer(token) });
    expect(remove.statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: `/rest/collection/project/${id}`, headers: bearer(token) });
    expect(after.json<ProjectBody>().licences).toEqual([]);
    // Removed, the service can be added again (a new licence; the old one stays for billing).
    const readd = await ctx.app.inject({ method: 'PUT', url: `/rest/collection/project/${id}/service_licence/${serviceId}`, headers: bearer(token) });
    expect(readd.statusCode).toBe(201);
    expect(readd.json<ProjectBody>().licences[0]!.id).not.toBe(licenceId);
  });
});
