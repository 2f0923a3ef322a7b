import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contactFormSchema } from '@portal/contract/contact';
import { licencePatchSchema } from '@portal/contract/licence';
import { passwordChangeSchema, personPatchSchema } from '@portal/contract/person';
import { projectCreateSchema, projectPatchSchema } from '@portal/contract/project';
import { usageIngestSchema } from '@portal/contract/usage';
import { addLicenceViaApi, bearer, buildTestApp, createProjectViaApi, createPerson, createService, login, snapshot, type TestContext } from './helper.js';

const INGEST = 'ingest-token-0123456789-0123456789-abcdef';

// Generated bodies of every shape (objects with odd keys such as __proto__, arrays, strings,
// numbers, nested junk, broken JSON and form bodies) sent to every write route: never a 5xx,
// never a change in the database.
const jsonValue = fc.jsonValue({ maxDepth: 3 });
const hostileObject = fc.dictionary(
  fc.oneof(
    fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'id', 'projectOwner', 'online', 'values', 'name'),
    fc.string({ maxLength: 12 }),
  ),
  jsonValue,
  { maxKeys: 6 },
);
const body = fc.oneof(
  hostileObject.map((o) => ({ type: 'application/json', payload: JSON.stringify(o) })),
  jsonValue.map((v) => ({ type: 'application/json', payload: JSON.stringify(v) })),
  fc.string({ maxLength: 80 }).map((s) => ({ type: 'application/json', payload: s })),
  fc.string({ maxLength: 80 }).map((s) => ({ type: 'application/x-www-form-urlencoded', payload: s })),
  hostileObject.map((o) => ({
    type: 'application/x-www-form-urlencoded',
    payload: Object.entries(o)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(JSON.stringify(v))}`)
      .join('&'),
  })),
  fc.uint8Array({ maxLength: 64 }).map((b) => ({ type: 'application/octet-stream', payload: Buffer.from(b).toString('latin1') })),
);

describe('generated bad input on every write route', () => {
  let ctx: TestContext;
  let token: string;
  let routes: Array<{ method: 'POST' | 'PATCH' | 'PUT'; url: string; schema?: z.ZodType; auth: Record<string, string> }>;

  beforeAll(async () => {
    ctx = await buildTestApp({ USAGE_INGEST_TOKEN: INGEST });
    const person = await createPerson(ctx.db);
    token = await login(ctx.app, person);
    const serviceId = await createService(ctx.db);
    const projectId = await createProjectViaApi(ctx.app, token, person.id);
    const licenceId = await addLicenceViaApi(ctx.app, token, projectId, serviceId);
    const user = bearer(token);
    routes = [
      { method: 'POST', url: '/rest/auth', auth: {} },
      { method: 'POST', url: '/rest/collection/project', schema: projectCreateSchema, auth: user },
      { method: 'PATCH', url: `/rest/collection/project/${projectId}`, schema: projectPatchSchema, auth: user },
      { method: 'PATCH', url: `/rest/collection/person/${person.id}`, schema: personPatchSchema, auth: user },
      { method: 'PATCH', url: `/rest/collection/person/${person.id}/password`, schema: passwordChangeSchema, auth: user },
      { method: 'PATCH', url: `/rest/collection/service_licence/${licenceId}`, schema: licencePatchSchema, auth: user },
      { method: 'POST', url: `/rest/collection/person/${person.id}/avatar`, auth: user },
      { method: 'POST', url: '/rest/collection/contactform/send', schema: contactFormSchema, auth: {} },
      { method: 'POST', url: '/rest/usage/ingest', schema: usageIngestSchema, auth: { authorization: `Bearer ${INGEST}` } },
      { method: 'PUT', url: `/rest/collection/project/${projectId}/service_licence/${serviceId}`, auth: user },
    ];
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('never answers 5xx and never changes the database', async () => {
    const before = await snapshot(ctx.db);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 9 }), body, async (index, generated) => {
        const route = routes[index]!;
        if (route.schema) {
          // A body that happens to be valid may legitimately change data: not this test's concern.
          // Read as the server reads it: form bodies with qs (e.g. `name=false` is a valid rename).
          let parsed: unknown;
          try {
            parsed =
              generated.type === 'application/x-www-form-urlencoded'
                ? qs.parse(generated.payload)
                : JSON.parse(generated.payload);
          } catch {
            parsed = undefined;
          }
          fc.pre(!route.schema.safeParse(parsed).success);
        }
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url,
          remoteAddress: `203.0.113.${index}`,
          headers: { ...route.auth, 'content-type': generated.type },
          payload: generated.payload,
        });
        sent++;
        expect(res.statusCode, `${route.method} ${route.url} ${generated.payload}`).toBeLessThan(500);
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.body).not.toMatch(/at .+\(.+:\d+:\d+\)|node_modules|SQLITE|syntax error at/);
      }),
      { numRuns: 400 },
    );
    expect(sent).toBeGreaterThan(300);
    expect(await snapshot(ctx.db)).toBe(before);
  }, 120_000);
});
