import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiComparison, ApiReference, ApiVersion, ApiVersionList } from '@portal/contract/service-api';
import {
  bearer,
  buildTestApp,
  countRows,
  createPerson,
  createService,
  login,
  type TestContext,
} from './helper.js';
import { documentJson, documentYaml } from './support/openapi-documents.js';

// The API reference documents (docs/domain.md#api-reference): checked before they are stored
// (OpenAPI 3.0/3.1, JSON or YAML, 2 MB, every $ref inside the document and nothing fetched),
// kept in versions, one published and read by anyone, every write audited, admins only.

const adminBase = (serviceId: string) => `/rest/collection/admin/service/${serviceId}/api`;

describe('API reference documents', () => {
  let ctx: TestContext;
  let adminToken: string;
  let customerToken: string;
  let hits = 0;
  let fetchServer: Server;
  let fetchUrl: string;

  beforeAll(async () => {
    ctx = await buildTestApp();
    adminToken = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    customerToken = await login(ctx.app, await createPerson(ctx.db));
    // Stands for any address a document might name: it counts every request it gets.
    fetchServer = createServer((_request, response) => {
      hits += 1;
      response.setHeader('content-type', 'application/json');
      response.end('{"type":"string"}');
    });
    await new Promise<void>((resolve) => fetchServer.listen(0, '127.0.0.1', resolve));
    fetchUrl = `http://127.0.0.1:${(fetchServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => fetchServer.close(resolve));
    await ctx.close();
  });

  const store = (serviceId: string, body: Record<string, unknown>, token = adminToken) =>
    ctx.app.inject({ method: 'POST', url: adminBase(serviceId), headers: bearer(token), payload: body });
  const notes = { de: 'Erste Fassung', en: 'First version' };
  const publish = (serviceId: string, versionId: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${adminBase(serviceId)}/${versionId}/publish`,
      headers: bearer(adminToken),
    });
  const reference = (serviceId: string, language = 'de') =>
    ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/service/${serviceId}/api`,
      headers: { 'content-language': language },
    });

  it('stores a YAML and a JSON version, publishes one, and answers it dereferenced in both languages', async () => {
    const serviceId = await createService(ctx.db);
    const yaml = await store(serviceId, { document: documentYaml, version: '2.0.0', notes });
    expect(yaml.statusCode).toBe(201);
    expect(yaml.json<ApiVersion>()).toMatchObject({
      version: '2.0.0',
      title: 'Captcha',
      openapi: '3.0.3',
      operations: 1,
      current: false,
      publishedAt: null,
    });

    const english = { ...documentJson({ title: 'Address check', summary: 'Check an address' }) };
    const json = await store(serviceId, {
      document: JSON.stringify(documentJson()),
      documentEn: JSON.stringify(english),
      version: '2.1.0',
      notes: { de: 'Neu: Prüfung', en: 'New: check' },
    });
    expect(json.statusCode).toBe(201);
    const versionId = json.json<ApiVersion>().id;

    // Stored is not published: visitors see nothing yet.
    expect((await reference(serviceId)).statusCode).toBe(404);

    const published = await publish(serviceId, versionId);
    expect(published.statusCode).toBe(200);
    const list = published.json<ApiVersionList>();
    expect(list.versions.map((v) => [v.version, v.current])).toEqual([
      ['2.1.0', true],
      ['2.0.0', false],
    ]);
    expect(list.demoKey).toMatch(/^demo_/);

    const de = (await reference(serviceId)).json<ApiReference>();
    expect(de).toMatchObject({
      serviceId,
      version: '2.1.0',
      notes: { de: 'Neu: Prüfung' },
      demoKey: list.demoKey,
      mockBase: `/rest/mock/${serviceId}`,
    });
    expect(de.document.info.title).toBe('Adressprüfung');
    // Internal references are replaced by what they point at.
    const operation = de.document.paths?.['/addresses/check']?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    expect(operation.requestBody.content['application/json']?.schema).toMatchObject({
      required: ['street', 'zip'],
    });
    const en = (await reference(serviceId, 'en')).json<ApiReference>();
    expect(en.document.info.title).toBe('Address check');
    expect(en.releases).toEqual([
      { version: '2.1.0', publishedAt: de.publishedAt, notes: { de: 'Neu: Prüfung', en: 'New: check' } },
    ]);
  });

  it('refuses what is not an OpenAPI 3.0/3.1 document, naming the problems, and stores nothing', async () => {
    const serviceId = await createService(ctx.db);
    const before = await countRows(ctx.db, 'serviceApiVersion');
    const cases: Array<[string, string]> = [
      ['not: [json', 'YAML'],
      ['{"openapi": "3.1.0",', 'JSON'],
      [JSON.stringify({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} }), 'openapi'],
      [JSON.stringify({ ...documentJson(), info: { title: 'x' } }), 'version'],
      [
        JSON.stringify({
          ...documentJson(),
          components: { ...documentJson().components, schemas: { Result: { type: 'object' } } },
        }),
        'Address',
      ],
      ['- a\n- b\n', 'object'],
    ];
    for (const [document, problem] of cases) {
      const res = await store(serviceId, { document, version: '1', notes }, adminToken);
      expect(res.statusCode, document).toBe(400);
      const body = res.json<{
        error: { code: string; fields: Record<string, string>; problems: string[] };
      }>();
      expect(body.error.code).toBe('validation');
      expect(body.error.fields.document).toMatch(/OpenAPI/);
      expect(body.error.problems.join('\n'), document).toContain(problem);
    }
    expect(await countRows(ctx.db, 'serviceApiVersion')).toBe(before);
  });

  it('refuses a $ref to a URL or a file and never fetches it', async () => {
    const serviceId = await createService(ctx.db);
    const before = await countRows(ctx.db, 'serviceApiVersion');
    for (const ref of [
      `${fetchUrl}/schema.json`,
      `${fetchUrl}/a.yaml#/B`,
      './schema.json',
      'file:///etc/passwd',
      '/etc/passwd',
    ]) {
      const document = documentJson();
      (document.components.schemas as Record<string, unknown>).Address = { $ref: ref };
      const res = await store(serviceId, { document: JSON.stringify(document), version: '1', notes });
      expect(res.statusCode, ref).toBe(400);
      const body = res.json<{ error: { fields: Record<string, string>; problems: string[] } }>();
      expect(body.error.fields.document).toMatch(/\$ref/);
      expect(body.error.problems[0]).toContain(ref);
      // In YAML, and in the English document, alike.
      const yaml = `${documentYaml}    Other:\n      $ref: '${ref}'\n`;
      const inYaml = await store(serviceId, {
        document: documentYaml,
        documentEn: yaml,
        version: '1',
        notes,
      });
      expect(inYaml.statusCode).toBe(400);
      expect(inYaml.json<{ error: { fields: Record<string, string> } }>().error.fields.documentEn).toMatch(
        /\$ref/,
      );
    }
    expect(hits).toBe(0);
    expect(await countRows(ctx.db, 'serviceApiVersion')).toBe(before);
  });

  it('refuses documents over 2 MB (413), alias bombs, reference bombs and deep nesting, quickly', async () => {
    const serviceId = await createService(ctx.db);
    const big = `${documentYaml}# ${'x'.repeat(2 * 1024 * 1024)}\n`;
    const tooLarge = await store(serviceId, { document: big, version: '1', notes });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ error: { code: string; fields: Record<string, string> } }>().error).toMatchObject({
      code: 'payloadTooLarge',
      fields: { document: 'Zu lang' },
    });

    // "Billion laughs": each level repeats the one before nine times.
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const previous = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    const aliasBomb = `openapi: 3.1.0\ninfo: {title: x, version: '1'}\npaths: {}\nx-bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    const aliasRes = await store(serviceId, { document: aliasBomb, version: '1', notes });
    expect(aliasRes.statusCode).toBe(400);
    expect(aliasRes.json<{ error: { problems: string[] } }>().error.problems.join()).toMatch(/alias/i);

    // The same with $ref: 30 levels of a schema used twice is 2^30 copies once replaced.
    const schemas: Record<string, unknown> = { S0: { type: 'string' } };
    for (let i = 1; i <= 30; i++) {
      schemas[`S${i}`] = {
        type: 'object',
        properties: {
          a: { $ref: `#/components/schemas/S${i - 1}` },
          b: { $ref: `#/components/schemas/S${i - 1}` },
        },
      };
    }
    const refBomb = {
      ...documentJson(),
      components: {
        ...documentJson().components,
        schemas: { ...documentJson().components.schemas, ...schemas },
      },
    };
    (refBomb.components.schemas as Record<string, unknown>).Result = { $ref: '#/components/schemas/S30' };
    const refRes = await store(serviceId, { document: JSON.stringify(refBomb), version: '1', notes });
    expect(refRes.statusCode).toBe(400);
    expect(refRes.json<{ error: { problems: string[] } }>().error.problems.join()).toMatch(/MB/);

    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 200; i++) deep = { type: 'array', items: deep };
    const deepDocument = {
      ...documentJson(),
      components: {
        ...documentJson().components,
        schemas: { ...documentJson().components.schemas, Deep: deep },
      },
    };
    const deepRes = await store(serviceId, { document: JSON.stringify(deepDocument), version: '1', notes });
    expect(deepRes.statusCode).toBe(400);
    expect(deepRes.json<{ error: { problems: string[] } }>().error.problems.join()).toMatch(/deeper/);

    const versions = await ctx.app.inject({
      method: 'GET',
      url: adminBase(serviceId),
      headers: bearer(adminToken),
    });
    expect(versions.json<ApiVersionList>().versions).toEqual([]);
  });

  it('reads a large document beside the event loop: other requests are answered meanwhile', async () => {
    const serviceId = await createService(ctx.db);
    // About 1.9 MB of YAML: seconds of parsing and validation.
    const schemas = Array.from({ length: 1300 }, (_, i) =>
      `    S${i}:\n      type: object\n      description: ${'x'.repeat(200)}\n      properties:\n${Array.from({ length: 8 }, (_, j) => `        p${j}:\n          type: string\n          description: ${'Beschreibung '.repeat(5)}\n`).join('')}`,
    ).join('');
    const large = `${documentYaml}${schemas}`;
    expect(Buffer.byteLength(large)).toBeLessThan(2 * 1024 * 1024);
    const order: string[] = [];
    const upload = store(serviceId, { document: large, version: 'large', notes }).then((res) => {
      order.push('upload');
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await ctx.app.inject({ method: 'GET', url: '/rest/health' });
    order.push('health');
    expect(health.statusCode).toBe(200);
    expect((await upload).statusCode).toBe(201);
    expect(order).toEqual(['health', 'upload']);
  });

  it('refuses an English document with other operations, and a version label used before', async () => {
    const serviceId = await createService(ctx.db);
    const res = await store(serviceId, {
      document: JSON.stringify(documentJson()),
      documentEn: JSON.stringify(documentJson({ extraPath: true })),
      version: '1',
      notes,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { problems: string[] } }>().error.problems).toEqual([
      'GET /countries: not in the German document',
    ]);

    expect((await store(serviceId, { document: documentYaml, version: '1', notes })).statusCode).toBe(201);
    const again = await store(serviceId, { document: documentYaml, version: '1', notes });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { fields: Record<string, string> } }>().error.fields.version).toBe(
      'Schon vergeben',
    );
  });

  it('keeps versions: compares them, publishes an older one again, and lists the notes up to it', async () => {
    const serviceId = await createService(ctx.db);
    const v1 = (
      await store(serviceId, { document: JSON.stringify(documentJson()), version: '1.0', notes })
    ).json<ApiVersion>();
    const v2 = (
      await store(serviceId, {
        document: JSON.stringify(documentJson({ extraPath: true, summary: 'Adresse prüfen (neu)' })),
        version: '1.1',
        notes: { de: 'Länderliste', en: 'Country list' },
      })
    ).json<ApiVersion>();
    await publish(serviceId, v1.id);
    await publish(serviceId, v2.id);
    expect((await reference(serviceId)).json<ApiReference>().releases.map((r) => r.version)).toEqual([
      '1.1',
      '1.0',
    ]);

    const comparison = await ctx.app.inject({
      method: 'GET',
      url: `${adminBase(serviceId)}/${v2.id}/compare?with=${v1.id}`,
      headers: bearer(adminToken),
    });
    expect(comparison.json<ApiComparison>()).toMatchObject({
      added: [{ method: 'GET', path: '/countries', summary: 'Länder' }],
      removed: [],
      changed: [{ method: 'POST', path: '/addresses/check' }],
    });

    // Without `with`: against the version stored before it.
    const againstPrevious = await ctx.app.inject({
      method: 'GET',
      url: `${adminBase(serviceId)}/${v2.id}/compare`,
      headers: bearer(adminToken),
    });
    expect(againstPrevious.json<ApiComparison>()).toEqual(comparison.json<ApiComparison>());

    const rollback = await publish(serviceId, v1.id);
    expect(rollback.json<ApiVersionList>().versions.find((v) => v.current)?.version).toBe('1.0');
    const shown = (await reference(serviceId)).json<ApiReference>();
    expect(shown.version).toBe('1.0');
    expect(shown.releases.map((r) => r.version)).toEqual(['1.0']);

    const source = await ctx.app.inject({
      method: 'GET',
      url: `${adminBase(serviceId)}/${v1.id}`,
      headers: bearer(adminToken),
    });
    expect(JSON.parse(source.json<{ document: string }>().document)).toEqual(documentJson());
  });

  it("lets pages connect to the https servers of published references, and only those", async () => {
    const connectSources = async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/services' });
      return /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    };
    const before = await connectSources();
    expect(before).not.toContain('https://try.example.net');
    const serviceId = await createService(ctx.db);
    const document = {
      ...documentJson(),
      servers: [{ url: 'https://try.example.net/v1' }, { url: 'http://plain.example.net' }, { url: '/relative' }],
    };
    const stored = (await store(serviceId, { document: JSON.stringify(document), version: '1', notes })).json<ApiVersion>();
    // Stored is not published: nothing changes.
    expect(await connectSources()).toBe(before);
    await publish(serviceId, stored.id);
    await expect.poll(connectSources).toContain('https://try.example.net');
    expect(await connectSources()).not.toContain('plain.example.net');
    // The API's own answers keep their closed policy.
    const api = await ctx.app.inject({ method: 'GET', url: '/rest/collection/service' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('audits every write without copying the documents into the log', async () => {
    const serviceId = await createService(ctx.db);
    const v = (await store(serviceId, { document: documentYaml, version: 'a', notes })).json<ApiVersion>();
    await publish(serviceId, v.id);
    await publish(serviceId, v.id); // no change: no entry
    const rows = await ctx.db
      .selectFrom('auditLog')
      .select(['action', 'afterJson'])
      .where('objectType', '=', 'service_api')
      .where('objectId', '=', serviceId)
      .orderBy('at')
      .execute();
    expect(rows.map((r) => r.action)).toEqual(['create-version', 'publish-version']);
    expect(rows[0]?.afterJson).not.toContain('openapi: 3.0.3');
    expect(JSON.parse(rows[0]?.afterJson ?? '{}')).toMatchObject({
      version: 'a',
      document: { bytes: Buffer.byteLength(documentYaml) },
    });
  });

  it('limits the stores of each admin, not of everyone', async () => {
    const admin = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    const serviceId = await createService(ctx.db);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await store(serviceId, { document: 'x: [', version: `${i}`, notes }, admin)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    const another = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    expect((await store(serviceId, { document: 'x: [', version: 'a', notes }, another)).statusCode).toBe(400);
  });

  it('lets only admins in, and answers 404 for unknown services and versions', async () => {
    // Another admin: the stores above count against the first one's limit.
    const otherAdmin = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
    const serviceId = await createService(ctx.db);
    const body = { document: documentYaml, version: '1', notes };
    expect(
      (await ctx.app.inject({ method: 'POST', url: adminBase(serviceId), payload: body })).statusCode,
    ).toBe(401);
    expect((await store(serviceId, body, customerToken)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: adminBase(serviceId), headers: bearer(customerToken) }))
        .statusCode,
    ).toBe(403);
    expect((await store('Unknown1', body, otherAdmin)).statusCode).toBe(404);
    expect((await publish(serviceId, 'Unknown1')).statusCode).toBe(404);
    expect((await reference('Unknown1')).statusCode).toBe(404);
  });
});
