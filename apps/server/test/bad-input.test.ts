import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createPerson, form, login, snapshot, type TestContext } from './helper.js';

describe('bad input', () => {
  let ctx: TestContext;
  let token: string;
  let personId: string;
  beforeAll(async () => {
    ctx = await buildTestApp();
    const person = await createPerson(ctx.db);
    personId = person.id;
    token = await login(ctx.app, person);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const createProject = (headers: Record<string, string>, payload: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      headers: { ...bearer(token), ...headers },
      payload,
    });

  it('answers 413 to an oversized body and writes nothing', async () => {
    const before = await snapshot(ctx.db);
    const res = await createProject(
      { 'content-type': 'application/json' },
      JSON.stringify({ projectOwner: personId, name: 'x', description: 'y'.repeat(300 * 1024) }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('payloadTooLarge');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('refuses __proto__ keys in JSON', async () => {
    const res = await createProject(
      { 'content-type': 'application/json' },
      `{"projectOwner":"${personId}","name":"x","description":"y","__proto__":{"isAdmin":true}}`,
    );
    expect(res.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses duplicate form keys for single values', async () => {
    const body = `projectOwner=${personId}&name=a&name=b&description=y`;
    const res = await createProject(form(body).headers, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { fields: Record<string, string> } }>().error.fields).toHaveProperty('name');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await createProject({ 'content-type': 'text/xml' }, '<project/>');
    expect(res.statusCode).toBe(415);
  });

  it('answers 415 to a multipart body outside the upload routes, in German, and writes nothing', async () => {
    const before = await snapshot(ctx.db);
    const boundary = 'portal-test-boundary';
    const res = await createProject(
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      `--${boundary}\r\ncontent-disposition: form-data; name="name"\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    expect(res.statusCode).toBe(415);
    const { error } = res.json<{ error: { code: string; message: string } }>();
    expect(error.code).toBe('unsupportedMediaType');
    expect(error.message).toBe('Dieses Format wird nicht unterstützt.');
    expect(await snapshot(ctx.db)).toBe(before);
  });

  it('gives validation messages per field in the request language', async () => {
    // A missing field is required; one sent with the wrong type (an object) is not missing.
    const body = 'projectOwner=x&description[a]=1';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/project',
      headers: { ...form(body).headers, ...bearer(token), 'content-language': 'en' },
      payload: body,
    });
    const error = res.json<{ error: { message: string; fields: Record<string, string> } }>().error;
    expect(error.message).toBe('The input is not valid.');
    expect(error.fields.name).toBe('Required');
    expect(error.fields.description).toBeDefined();
    expect(error.fields.description).not.toBe('Required');
  });
});

describe('OpenAPI', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('describes every API call at /rest/docs/json', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const expected: Array<[string, string]> = [
      ['/rest/auth', 'post'],
      ['/rest/logout', 'post'],
      ['/rest/collection/person/{oid}', 'get'],
      ['/rest/collection/person/{oid}', 'patch'],
      ['/rest/collection/person/{oid}/password', 'patch'],
      ['/rest/collection/person/{oid}/avatar', 'post'],
      ['/rest/collection/person/{oid}/project', 'get'],
      ['/rest/collection/project', 'post'],
      ['/rest/collection/project/{oid}', 'get'],
      ['/rest/collection/project/{oid}', 'patch'],
      ['/rest/collection/project/{oid}', 'delete'],
      ['/rest/collection/project/{projectId}/service_licence/{serviceId}', 'put'],
      ['/rest/collection/project/{projectId}/service_licence/{licenceId}', 'delete'],
      ['/rest/collection/service', 'get'],
      ['/rest/collection/service/{oid}', 'get'],
      ['/rest/collection/service_licence/{id}', 'get'],
      ['/rest/collection/service_licence/{id}', 'patch'],
      ['/rest/collection/rechtliches', 'get'],
      ['/rest/collection/price_package', 'get'],
      ['/rest/collection/admin/projects', 'get'],
      ['/rest/collection/translation', 'get'],
      ['/rest/collection/contactform/send', 'post'],
    ];
    for (const [path, method] of expected)
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  it('serves the documentation UI', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/rest/docs/' });
    expect([200, 302]).toContain(res.statusCode);
  });
});
