import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_LIMITS,
  dayAfter,
  type AccessToken,
  type CreatedAccessToken,
} from '@portal/contract/access-token';
import { sha256Hex } from '../src/lib/ids.js';
import { runRetention } from '../src/modules/retention/retention.service.js';
import {
  bearer,
  buildTestApp,
  createProjectViaApi,
  createSignedInPerson,
  type SignedInPerson,
  type TestContext,
} from './helper.js';

// Personal access tokens on both dialects (docs/security.md#personal-access-tokens): made in the
// profile and shown once, kept as SHA-256 only, listed and revoked by their owner only; they call
// the customer's routes within their scope and nothing else (no admin route, no token, password,
// second-factor or session route), are limited per token, note their last use at most once a
// minute, and end with a new password.

describe('personal access tokens', () => {
  let ctx: TestContext;
  /** The app's clock runs this far ahead of the real one; the expiry and last-use tests move it. */
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  const today = () => clock.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    ctx = await buildTestApp({}, { clock });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const tokensUrl = (oid: string) => `/rest/collection/person/${oid}/token`;

  async function makeToken(
    owner: SignedInPerson,
    fields: Partial<{ name: string; scope: 'read' | 'write'; expiresOn: string }> = {},
  ): Promise<CreatedAccessToken> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: tokensUrl(owner.id),
      headers: bearer(owner.token),
      payload: { name: 'CI', scope: 'read', expiresOn: dayAfter(today(), 30), ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<CreatedAccessToken>();
  }

  const listProjects = (person: SignedInPerson, token: string, language = 'de') =>
    ctx.app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}/project`,
      headers: { ...bearer(token), 'accept-language': language },
    });

  const errorCode = (res: { json: <T>() => T }) => res.json<{ error: { code: string } }>().error.code;

  it('shows a new token once, keeps only its SHA-256 and lists it without the token', async () => {
    const owner = await createSignedInPerson(ctx);
    const made = await makeToken(owner, { name: 'Deploy script', scope: 'write', expiresOn: dayAfter(today(), 90) });
    expect(made.token).toMatch(/^pat_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'Deploy script', scope: 'write', lastUsedAt: null });
    expect(made.expiresAt).toBe(`${dayAfter(today(), 90)}T23:59:59.999Z`);

    const rows = await ctx.db.selectFrom('accessToken').selectAll().where('personId', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(made.token));
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(4));

    const list = await ctx.app.inject({ method: 'GET', url: tokensUrl(owner.id), headers: bearer(owner.token) });
    expect(list.statusCode).toBe(200);
    const listed = list.json<AccessToken[]>();
    expect(listed).toEqual([
      { id: made.id, name: 'Deploy script', scope: 'write', createdAt: made.createdAt, expiresAt: made.expiresAt, lastUsedAt: null },
    ]);
    expect(list.body).not.toContain(made.token.slice(4));
  });

  it('refuses an expiry of today or more than a year ahead, a bad scope or name, and stores nothing', async () => {
    const owner = await createSignedInPerson(ctx);
    for (const payload of [
      { name: 'x', scope: 'read', expiresOn: today() },
      { name: 'x', scope: 'read', expiresOn: dayAfter(today(), ACCESS_TOKEN_LIMITS.maxDays + 1) },
      { name: 'x', scope: 'admin', expiresOn: dayAfter(today(), 30) },
      { name: '   ', scope: 'read', expiresOn: dayAfter(today(), 30) },
      { name: 'x'.repeat(ACCESS_TOKEN_LIMITS.nameLength + 1), scope: 'read', expiresOn: dayAfter(today(), 30) },
      { name: 'x', scope: 'read', expiresOn: '2026-02-30' },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: tokensUrl(owner.id),
        headers: { ...bearer(owner.token), 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorCode(res)).toBe('validation');
    }
    await makeToken(owner, { expiresOn: dayAfter(today(), ACCESS_TOKEN_LIMITS.maxDays) });
    const rows = await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
  });

  it(`allows at most ${ACCESS_TOKEN_LIMITS.perPerson} tokens per person`, async () => {
    const owner = await createSignedInPerson(ctx);
    for (let i = 0; i < ACCESS_TOKEN_LIMITS.perPerson; i++) await makeToken(owner, { name: `t${i}` });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: tokensUrl(owner.id),
      headers: { ...bearer(owner.token), 'accept-language': 'en' },
      payload: { name: 'one more', scope: 'read', expiresOn: dayAfter(today(), 30) },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'tooManyAccessTokens',
      message: `You already have ${ACCESS_TOKEN_LIMITS.perPerson} access tokens. Please revoke one first.`,
    });
  });

  it('keeps the limit when many tokens are created at once', async () => {
    const owner = await createSignedInPerson(ctx);
    const answers = await Promise.all(
      Array.from({ length: ACCESS_TOKEN_LIMITS.perPerson + 5 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: tokensUrl(owner.id),
          headers: bearer(owner.token),
          payload: { name: `p${i}`, scope: 'read', expiresOn: dayAfter(today(), 30) },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(ACCESS_TOKEN_LIMITS.perPerson);
    expect(answers.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    expect(await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', owner.id).execute()).toHaveLength(
      ACCESS_TOKEN_LIMITS.perPerson,
    );
  });

  it('lets a read token read and a write token also change the customer’s projects', async () => {
    const owner = await createSignedInPerson(ctx);
    const projectId = await createProjectViaApi(ctx.app, owner.token, owner.id, { name: 'Mine' });
    const read = await makeToken(owner, { scope: 'read' });
    const write = await makeToken(owner, { scope: 'write' });

    const listed = await listProjects(owner, read.token);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain(projectId);
    const head = await ctx.app.inject({
      method: 'HEAD',
      url: `/rest/collection/project/${projectId}`,
      headers: bearer(read.token),
    });
    expect(head.statusCode).toBe(200);

    const create = (token: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/rest/collection/project',
        headers: { ...bearer(token), 'accept-language': 'en' },
        payload: { projectOwner: owner.id, name: 'By script', description: 'Made by a script' },
      });
    const refused = await create(read.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'accessTokenReadOnly',
      message: 'This access token may only read.',
    });
    expect((await listProjects(owner, owner.token)).json<unknown[]>()).toHaveLength(1);

    expect((await create(write.token)).statusCode).toBe(201);
    expect((await listProjects(owner, owner.token)).json<unknown[]>()).toHaveLength(2);
  });

  it('never makes a call outside the declared routes: tokens, password, second factor, sessions, profile, sign-out', async () => {
    const owner = await createSignedInPerson(ctx);
    const write = await makeToken(owner, { scope: 'write' });
    const oid = owner.id;
    const calls: Array<{ method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: tokensUrl(oid) },
      { method: 'POST', url: tokensUrl(oid), payload: { name: 'x', scope: 'write', expiresOn: dayAfter(today(), 30) } },
      { method: 'DELETE', url: `${tokensUrl(oid)}/${write.id}` },
      {
        method: 'PATCH',
        url: `/rest/collection/person/${oid}/password`,
        payload: { oid, passwordActual: owner.password, password: 'brand new secret' },
      },
      { method: 'PATCH', url: `/rest/collection/person/${oid}`, payload: { firstname: 'Script' } },
      { method: 'GET', url: `/rest/collection/person/${oid}/mfa` },
      { method: 'POST', url: `/rest/collection/person/${oid}/mfa/totp` },
      { method: 'GET', url: `/rest/collection/person/${oid}/session` },
      { method: 'DELETE', url: `/rest/collection/person/${oid}/session` },
      { method: 'POST', url: '/rest/logout' },
    ];
    for (const call of calls) {
      const res = await ctx.app.inject({
        ...call,
        headers: { ...bearer(write.token), 'accept-language': 'en' },
      });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'accessTokenNotAllowed',
        message: 'An access token cannot make this call. Please sign in.',
      });
    }
    // Nothing changed: the token still exists and works, the password and sessions are as they were.
    expect((await listProjects(owner, write.token)).statusCode).toBe(200);
    expect((await listProjects(owner, owner.token)).statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${oid}`, headers: bearer(write.token) });
    expect(me.json<{ firstname: string }>().firstname).not.toBe('Script');
  });

  it('never reaches an admin route, not even with an admin’s write token', async () => {
    const admin = await createSignedInPerson(ctx, { isAdmin: 1 });
    const write = await makeToken(admin, { scope: 'write' });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/person', headers: bearer(admin.token) })).statusCode,
    ).toBe(200);
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/rest/collection/admin/person',
        headers: bearer(write.token),
        ...(method === 'POST' ? { payload: { email: 'new-admin@example.com', isAdmin: true } } : {}),
      });
      expect(res.statusCode).toBe(403);
      expect(errorCode(res)).toBe('accessTokenNotAllowed');
    }
    const created = await ctx.db.selectFrom('person').select('id').where('email', '=', 'new-admin@example.com').execute();
    expect(created).toEqual([]);
  });

  it('answers 404 for another person’s tokens and leaves them alone', async () => {
    const owner = await createSignedInPerson(ctx);
    const stranger = await createSignedInPerson(ctx);
    const made = await makeToken(owner);
    for (const call of [
      { method: 'GET' as const, url: tokensUrl(owner.id) },
      { method: 'DELETE' as const, url: `${tokensUrl(owner.id)}/${made.id}` },
      { method: 'DELETE' as const, url: `${tokensUrl(stranger.id)}/${made.id}` },
      {
        method: 'POST' as const,
        url: tokensUrl(owner.id),
        payload: { name: 'x', scope: 'write', expiresOn: dayAfter(today(), 30) },
      },
    ]) {
      const res = await ctx.app.inject({ ...call, headers: bearer(stranger.token) });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await listProjects(owner, made.token)).statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses a revoked token at once with a clear 401', async () => {
    const owner = await createSignedInPerson(ctx);
    const made = await makeToken(owner);
    expect((await listProjects(owner, made.token)).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: `${tokensUrl(owner.id)}/${made.id}`,
      headers: bearer(owner.token),
    });
    expect(revoked.statusCode).toBe(204);
    for (const [language, message] of [
      ['de', 'Dieses Zugriffstoken ist unbekannt, abgelaufen oder wurde widerrufen.'],
      ['en', 'This access token is unknown, has expired or has been revoked.'],
    ] as const) {
      const res = await listProjects(owner, made.token, language);
      expect(res.statusCode).toBe(401);
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'accessTokenInvalid',
        message,
      });
    }
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `${tokensUrl(owner.id)}/${made.id}`,
      headers: bearer(owner.token),
    });
    expect(again.statusCode).toBe(404);
    // A made-up token is refused the same way.
    expect(errorCode(await listProjects(owner, `pat_${'A'.repeat(43)}`))).toBe('accessTokenInvalid');
  });

  it('works through its last day and is refused after it', async () => {
    const owner = await createSignedInPerson(ctx);
    const made = await makeToken(owner, { expiresOn: dayAfter(today(), 1) });
    try {
      offset = Date.parse(made.expiresAt) - Date.now() - 1000;
      expect((await listProjects(owner, made.token)).statusCode).toBe(200);
      offset = Date.parse(made.expiresAt) - Date.now() + 1000;
      const res = await listProjects(owner, made.token);
      expect(res.statusCode).toBe(401);
      expect(errorCode(res)).toBe('accessTokenInvalid');
    } finally {
      offset = 0;
    }
  });

  it('notes the last use at most once a minute', async () => {
    const owner = await createSignedInPerson(ctx);
    const made = await makeToken(owner);
    const lastUsed = async () =>
      (await ctx.db.selectFrom('accessToken').select('lastUsedAt').where('id', '=', made.id).executeTakeFirstOrThrow())
        .lastUsedAt;
    try {
      expect(await lastUsed()).toBeNull();
      await listProjects(owner, made.token);
      const first = await lastUsed();
      expect(first).not.toBeNull();
      offset = 30_000;
      await listProjects(owner, made.token);
      expect(await lastUsed()).toBe(first);
      offset = 61_000;
      await listProjects(owner, made.token);
      const later = await lastUsed();
      expect(Date.parse(later!) - Date.parse(first!)).toBeGreaterThanOrEqual(60_000);
      const listed = await ctx.app.inject({ method: 'GET', url: tokensUrl(owner.id), headers: bearer(owner.token) });
      expect(listed.json<AccessToken[]>()[0]!.lastUsedAt).toBe(later);
    } finally {
      offset = 0;
    }
  });

  it(`limits each token to ${ACCESS_TOKEN_LIMITS.callsPerMinute} calls a minute, other tokens unaffected`, async () => {
    const owner = await createSignedInPerson(ctx);
    const busy = await makeToken(owner);
    const other = await makeToken(owner);
    const me = `/rest/collection/person/${owner.id}`;
    for (let i = 0; i < ACCESS_TOKEN_LIMITS.callsPerMinute; i++) {
      const res = await ctx.app.inject({ method: 'GET', url: me, headers: bearer(busy.token) });
      if (res.statusCode !== 200) throw new Error(`call ${i}: ${res.statusCode}`);
    }
    const refused = await ctx.app.inject({ method: 'GET', url: me, headers: bearer(busy.token) });
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('rateLimited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ctx.app.inject({ method: 'GET', url: me, headers: bearer(other.token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: me, headers: bearer(owner.token) })).statusCode).toBe(200);
  });

  it('ends every token of the person with a new password', async () => {
    const owner = await createSignedInPerson(ctx);
    const made = await makeToken(owner, { scope: 'write' });
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/person/${owner.id}/password`,
      headers: bearer(owner.token),
      payload: { oid: owner.id, passwordActual: owner.password, password: 'brand new secret' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await listProjects(owner, made.token)).statusCode).toBe(401);
    const rows = await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', owner.id).execute();
    expect(rows).toEqual([]);
  });

  it('has the retention job delete expired tokens only, twice safely', async () => {
    const owner = await createSignedInPerson(ctx);
    const short = await makeToken(owner, { expiresOn: dayAfter(today(), 1) });
    const long = await makeToken(owner, { expiresOn: dayAfter(today(), 30) });
    const later = { now: () => new Date(Date.parse(short.expiresAt) + 1000) };
    const periods = { unverifiedDays: 30, contactMonths: 24, mailMonths: 12 };
    const first = await runRetention(ctx.db, later, periods);
    expect(first.expiredAccessTokens).toBeGreaterThanOrEqual(1);
    expect((await runRetention(ctx.db, later, periods)).expiredAccessTokens).toBe(0);
    const left = await ctx.db.selectFrom('accessToken').select('id').where('personId', '=', owner.id).execute();
    expect(left).toEqual([{ id: long.id }]);
  });

  it('is allowed by no route of the account itself, whatever a route declares in future', async () => {
    // The declarations checked against the rule, independently of them: tokens never reach admin
    // routes, tokens, password, second factor, e-mail, sessions, sign-out, avatar, export or the
    // account's deletion; on the person itself they only read.
    const sensitive = /\/(admin|token|password|mfa|session|logout|auth|avatar|export|email)(\/|$)/;
    const wrong = ctx.app.routeAccess
      .filter((r) => r.token === 'allowed')
      .filter(
        (r) =>
          r.access !== 'user' ||
          sensitive.test(r.url) ||
          (r.url === '/rest/collection/person/:oid' && r.method !== 'GET' && r.method !== 'HEAD'),
      )
      .map((r) => `${r.method} ${r.url}`);
    expect(wrong).toEqual([]);
    expect(ctx.app.routeAccess.filter((r) => r.token === 'allowed').length).toBeGreaterThan(10);
  });

  it('marks in the OpenAPI document which calls a token may make, from the routes’ declarations', async () => {
    const openapi = (await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' })).json<{
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: unknown; 'x-token-scopes'?: string[] }>>;
    }>();
    expect(openapi.components.securitySchemes).toHaveProperty('personalAccessToken');
    const projects = openapi.paths['/rest/collection/person/{oid}/project']?.get;
    expect(projects?.['x-token-scopes']).toEqual(['read', 'write']);
    expect(projects?.security).toEqual([{ bearer: [] }, { personalAccessToken: [] }]);
    expect(openapi.paths['/rest/collection/project']?.post?.['x-token-scopes']).toEqual(['write']);
    for (const [path, method] of [
      ['/rest/collection/person/{oid}/token', 'post'],
      ['/rest/collection/person/{oid}/password', 'patch'],
      ['/rest/collection/admin/person', 'get'],
    ] as const) {
      const operation = openapi.paths[path]?.[method];
      expect(operation, path).toBeDefined();
      expect(operation?.['x-token-scopes'], path).toBeUndefined();
      expect(operation?.security, path).toEqual([{ bearer: [] }]);
    }
  });
});
