import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion, ApiVersionList } from '@portal/contract/service-api';
import {
  bearer,
  buildTestApp,
  countRows,
  createPerson,
  createProjectWithLicences,
  createService,
  createSignedInPerson,
  login,
  type TestContext,
} from './helper.js';
import { documentYaml, mockDocument } from './support/openapi-documents.js';

// The example answers (docs/domain.md#example-answers): every operation of the published
// document answered from its examples or its schema, requests checked against the document with
// the problems named, a key of a live licence of that service or its demo key required, limits
// per address and per key, and nothing counted as usage.

async function publishDocument(ctx: TestContext, adminToken: string, serviceId: string, document: string) {
  const url = `/rest/collection/admin/service/${serviceId}/api`;
  const stored = await ctx.app.inject({
    method: 'POST',
    url,
    headers: bearer(adminToken),
    payload: { document, version: '1', notes: { de: '', en: '' } },
  });
  expect(stored.statusCode).toBe(201);
  const published = await ctx.app.inject({
    method: 'POST',
    url: `${url}/${stored.json<ApiVersion>().id}/publish`,
    headers: bearer(adminToken),
  });
  return published.json<ApiVersionList>().demoKey ?? '';
}

describe('example answers', () => {
  let ctx: TestContext;
  let serviceId: string;
  let otherServiceId: string;
  let demoKey: string;
  let licenceKey: string;
  let licenceId: string;
  let otherServiceKey: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ MOCK_RATE_LIMIT: '1000' });
    const adminToken = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    serviceId = await createService(ctx.db);
    otherServiceId = await createService(ctx.db);
    demoKey = await publishDocument(ctx, adminToken, serviceId, JSON.stringify(mockDocument()));
    await publishDocument(ctx, adminToken, otherServiceId, documentYaml);
    const owner = await createSignedInPerson(ctx);
    const { licenceIds } = await createProjectWithLicences(ctx, owner, [serviceId, otherServiceId]);
    licenceId = licenceIds[0];
    const keys = await ctx.db
      .selectFrom('serviceLicence')
      .select(['id', 'licenceKey'])
      .where('id', 'in', licenceIds)
      .execute();
    licenceKey = keys.find((k) => k.id === licenceIds[0])?.licenceKey ?? '';
    otherServiceKey = keys.find((k) => k.id === licenceIds[1])?.licenceKey ?? '';
  });
  afterAll(async () => ctx.close());

  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    path: string,
    key: string | undefined,
    payload?: unknown,
    id = serviceId,
  ) =>
    ctx.app.inject({
      method,
      url: `/rest/mock/${id}${path}`,
      headers: key === undefined ? {} : { 'x-api-key': key },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('answers with the example of the document, or one made from its schema', async () => {
    const checked = await call('POST', '/addresses/check', demoKey, {
      street: 'Hauptstraße 1',
      zip: '50667',
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true, score: 0.98 });
    expect(checked.headers['x-example-answer']).toBe('true');

    const generated = await call('GET', '/addresses/42?fields=full', licenceKey);
    expect(generated.statusCode).toBe(200);
    expect(generated.json()).toEqual({ street: 'string', zip: expect.any(String) as string });

    const removed = await call('DELETE', '/addresses/42', demoKey);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
  });

  it('checks the request against the document and names the problems', async () => {
    const missing = await call('POST', '/addresses/check', demoKey);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      body: 'Pflichtfeld',
    });

    const wrong = await call('POST', '/addresses/check', demoKey, { street: 'Hauptstraße 1', zip: 'ABC' });
    expect(wrong.statusCode).toBe(400);
    const body = wrong.json<{ error: { code: string; fields: Record<string, string>; problems: string[] } }>()
      .error;
    expect(body.code).toBe('validation');
    expect(body.fields).toEqual({ 'body.zip': 'Ungültiger Wert' });
    expect(body.problems).toEqual(['Body/zip: muss diesem Muster entsprechen: "^[0-9]{5}$"']);
    // In English where the request asks for it, as every other answer.
    const english = await ctx.app.inject({
      method: 'POST',
      url: `/rest/mock/${serviceId}/addresses/check`,
      headers: { 'x-api-key': demoKey, 'accept-language': 'en-GB,en;q=0.9' },
      payload: { street: 'Hauptstraße 1', zip: 'ABC' },
    });
    expect(english.json<{ error: { message: string; problems: string[] } }>().error).toMatchObject({
      message: 'The input is not valid.',
      problems: ['body/zip must match pattern "^[0-9]{5}$"'],
    });

    const noStreet = await call('POST', '/addresses/check', demoKey, { zip: '50667' });
    expect(noStreet.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({
      'body.street': 'Pflichtfeld',
    });

    const badParameters = await call('GET', '/addresses/0?fields=everything', demoKey);
    expect(badParameters.statusCode).toBe(400);
    expect(
      Object.keys(badParameters.json<{ error: { fields: Record<string, string> } }>().error.fields).sort(),
    ).toEqual(['path.id', 'query.fields']);

    expect((await call('GET', '/nowhere', demoKey)).statusCode).toBe(404);
    const method = await call('PUT', '/addresses/1', demoKey);
    expect(method.statusCode).toBe(405);
    expect(method.headers.allow).toBe('GET, DELETE');
  });

  it('needs the demo key or a live licence key of this service, where the security scheme says', async () => {
    const none = await call('POST', '/addresses/check', undefined, { street: 'a', zip: '50667' });
    expect(none.statusCode).toBe(401);
    expect(none.json<{ error: { problems: string[] } }>().error.problems[0]).toContain('Header X-Api-Key');
    // In the query, where the document does not put it, a key counts for nothing.
    const inQuery = await ctx.app.inject({
      method: 'GET',
      url: `/rest/mock/${serviceId}/addresses/1?key=${demoKey}`,
    });
    expect(inQuery.statusCode).toBe(401);
    expect((await call('GET', '/addresses/1', 'lk_unknown')).statusCode).toBe(401);
    expect((await call('GET', '/addresses/1', otherServiceKey)).statusCode).toBe(401);
    // The other service's demo key opens only that one.
    const otherDemo =
      (
        await ctx.db
          .selectFrom('service')
          .select('apiDemoKey')
          .where('id', '=', otherServiceId)
          .executeTakeFirst()
      )?.apiDemoKey ?? '';
    expect((await call('GET', '/addresses/1', otherDemo)).statusCode).toBe(401);

    await ctx.db.updateTable('serviceLicence').set({ online: 0 }).where('id', '=', licenceId).execute();
    expect((await call('GET', '/addresses/1', licenceKey)).statusCode).toBe(401);
    await ctx.db.updateTable('serviceLicence').set({ online: 1 }).where('id', '=', licenceId).execute();
    expect((await call('GET', '/addresses/1', licenceKey)).statusCode).toBe(200);
    await ctx.db
      .updateTable('serviceLicence')
      .set({ deletedAt: new Date().toISOString() })
      .where('id', '=', licenceId)
      .execute();
    expect((await call('GET', '/addresses/1', licenceKey)).statusCode).toBe(401);
    await ctx.db.updateTable('serviceLicence').set({ deletedAt: null }).where('id', '=', licenceId).execute();
  });

  it('answers nothing for a service without a published reference', async () => {
    const bare = await createService(ctx.db);
    expect((await call('GET', '/addresses/1', demoKey, undefined, bare)).statusCode).toBe(404);
    expect((await call('GET', '/addresses/1', demoKey, undefined, 'not-an-id')).statusCode).toBe(404);
  });

  it('never counts an example answer as usage', async () => {
    for (let i = 0; i < 5; i++) await call('GET', '/addresses/1', licenceKey);
    expect(await countRows(ctx.db, 'usageDaily')).toBe(0);
  });
});

describe('example answers limits', () => {
  let ctx: TestContext;
  let serviceId: string;
  let demoKey: string;

  beforeAll(async () => {
    ctx = await buildTestApp({ MOCK_RATE_LIMIT: '3', TRUST_PROXY: 'true' });
    const adminToken = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    serviceId = await createService(ctx.db);
    demoKey = await publishDocument(ctx, adminToken, serviceId, JSON.stringify(mockDocument()));
  });
  afterAll(async () => ctx.close());

  const from = (address: string, key = demoKey) =>
    ctx.app.inject({
      method: 'GET',
      url: `/rest/mock/${serviceId}/addresses/1`,
      headers: { 'x-api-key': key, 'x-forwarded-for': address },
    });

  it('limits each client address', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await from('198.51.100.1')).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const refused = await from('198.51.100.1');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.2')).statusCode).toBe(200);
  });

  it('limits each key, from however many addresses (five times the address limit)', async () => {
    const key = demoKey;
    const answers: number[] = [];
    // The test above got four answers with this key (refusals per address do not count): 15 - 4 = 11 more.
    answers.push((await from('203.0.113.1', key)).statusCode, (await from('203.0.113.1', key)).statusCode);
    for (let address = 2; address <= 5; address++) {
      for (let i = 0; i < 3; i++) answers.push((await from(`203.0.113.${address}`, key)).statusCode);
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(11);
    expect(answers.at(-1)).toBe(429);
  });
});
