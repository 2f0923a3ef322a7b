import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  type TestContext,
  type TestPerson,
} from './helper.js';

// Two-factor sign-in (docs/security.md#two-factor-sign-in): enrolment, both factors at sign-in,
// replay, throttling, recovery codes, re-authentication and the admin rule.

const STEP_MS = 30_000;

describe('two-factor sign-in', () => {
  let ctx: TestContext;
  /** The app's clock runs this far ahead of the real one; tests move it a step at a time. */
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let client = 0;
  /** A client address of its own per request, unless a test is about one address. */
  const nextAddress = () => `198.51.100.${(++client % 250) + 1}`;

  beforeAll(async () => {
    ctx = await buildTestApp({ ADMIN_MFA: 'required' }, { clock });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A code of the authenticator app, `steps` time steps from the app's now. */
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor((clock.now().getTime() + steps * STEP_MS) / 1000) });

  const signIn = (person: TestPerson, remoteAddress = nextAddress()) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: basicAuth(person.email, person.password) },
      remoteAddress,
    });

  const secondStep = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
    ctx.app.inject({ method: 'POST', url: '/rest/auth/mfa', payload, remoteAddress });

  const mfaUrl = (person: TestPerson, rest = '') => `/rest/collection/person/${person.id}/mfa${rest}`;

  /** A person signed in with the password only (before any second factor). */
  async function signedIn(overrides: Parameters<typeof createPerson>[1] = {}) {
    const person = await createPerson(ctx.db, overrides);
    const res = await signIn(person);
    expect(res.statusCode).toBe(200);
    return { ...person, token: res.json<{ token: string }>().token };
  }

  /** A person with a confirmed authenticator app: its secret and recovery codes. */
  async function enrolled(overrides: Parameters<typeof createPerson>[1] = {}) {
    const person = await signedIn(overrides);
    const start = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
    });
    expect(start.statusCode).toBe(200);
    const { secret } = start.json<{ secret: string }>();
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp/confirm'),
      headers: bearer(person.token),
      payload: { code: await codeAt(secret) },
      remoteAddress: nextAddress(),
    });
    expect(confirm.statusCode).toBe(200);
    offset += STEP_MS; // the confirming code's step is used up
    return { ...person, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
  }

  async function challenge(person: TestPerson): Promise<string> {
    const res = await signIn(person);
    expect(res.statusCode).toBe(200);
    return res.json<{ mfaToken: string }>().mfaToken;
  }

  it('starts with a secret and an otpauth URI, counts only once confirmed, and answers ten recovery codes once', async () => {
    const person = await signedIn();
    const start = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
    });
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri } = start.json<{ secret: string; otpauthUri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(start.headers['cache-control']).toBe('no-store');

    // Not confirmed yet: the password alone still signs in.
    expect((await signIn(person)).json()).toHaveProperty('token');

    const wrong = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp/confirm'),
      headers: bearer(person.token),
      payload: { code: await codeAt(secret, 5) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ error: { code: string } }>().error.code).toBe('mfaCodeWrong');

    const confirm = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp/confirm'),
      headers: bearer(person.token),
      payload: { code: await codeAt(secret) },
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    // Kept as hashes only; the secret is readable (checking a code needs it).
    const stored = await ctx.db
      .selectFrom('recoveryCode')
      .select('codeHash')
      .where('personId', '=', person.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored)
      for (const code of codes) expect(codeHash).not.toContain(code.replace('-', ''));

    const status = await ctx.app.inject({
      method: 'GET',
      url: mfaUrl(person),
      headers: bearer(person.token),
    });
    expect(status.json()).toEqual({ totp: true, recoveryCodesLeft: 10, methods: ['totp', 'recovery'] });

    // On already: a new start, a second confirmation are conflicts.
    const again = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
    });
    expect(again.statusCode).toBe(409);
    offset += STEP_MS;
  });

  it('refuses another person’s mfa routes with 404 and anonymous callers with 401', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    for (const [method, rest] of [
      ['GET', ''],
      ['POST', '/totp'],
      ['DELETE', '/totp'],
      ['POST', '/recovery-codes'],
    ] as const) {
      const foreign = await ctx.app.inject({
        method,
        url: mfaUrl(owner, rest),
        headers: bearer(other.token),
        payload: {},
      });
      expect(foreign.statusCode).toBe(404);
      const anonymous = await ctx.app.inject({ method, url: mfaUrl(owner, rest), payload: {} });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('signs in with the password and then an authenticator code; the mfaToken is single use and bound to the person', async () => {
    const person = await enrolled();
    const first = await signIn(person);
    expect(first.statusCode).toBe(200);
    const body = first.json<{ mfaRequired: boolean; mfaToken: string; methods: string[]; token?: string }>();
    expect(body).toMatchObject({ mfaRequired: true, methods: ['totp', 'recovery'] });
    expect(body.token).toBeUndefined();
    const stored = await ctx.db
      .selectFrom('mfaToken')
      .select('tokenHash')
      .where('personId', '=', person.id)
      .execute();
    expect(stored.map((t) => t.tokenHash)).not.toContain(body.mfaToken);

    const res = await secondStep({ mfaToken: body.mfaToken, code: await codeAt(person.secret) });
    expect(res.statusCode).toBe(200);
    const { token, oid } = res.json<{ token: string; oid: string }>();
    expect(oid).toBe(person.id);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/rest/collection/person/${person.id}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(200);

    offset += STEP_MS;
    const reused = await secondStep({ mfaToken: body.mfaToken, code: await codeAt(person.secret) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json<{ error: { code: string } }>().error.code).toBe('mfaTokenInvalid');

    // Another person's code does not complete this person's sign-in.
    const other = await enrolled();
    const otherToken = await challenge(other);
    const crossed = await secondStep({ mfaToken: otherToken, code: await codeAt(person.secret) });
    expect(crossed.statusCode).toBe(400);
  });

  it('accepts codes one step early or late, and refuses two steps away', async () => {
    const person = await enrolled();
    offset += STEP_MS; // one step past the one after confirmation: step -1 is unused
    const mfaToken = await challenge(person);
    const far = await secondStep({ mfaToken, code: await codeAt(person.secret, -2) });
    expect(far.statusCode).toBe(400);
    expect(far.json<{ error: { code: string } }>().error.code).toBe('mfaCodeWrong');
    const early = await secondStep({ mfaToken, code: await codeAt(person.secret, -1) });
    expect(early.statusCode).toBe(200);
    const late = await secondStep({
      mfaToken: await challenge(person),
      code: await codeAt(person.secret, 1),
    });
    expect(late.statusCode).toBe(200);
    offset += 2 * STEP_MS;
  });

  it('refuses a replayed code, also when two requests send it at once (exactly one succeeds)', async () => {
    const person = await enrolled();
    const code = await codeAt(person.secret);
    const [a, b] = await Promise.all([
      secondStep({ mfaToken: await challenge(person), code }),
      secondStep({ mfaToken: await challenge(person), code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const replay = await secondStep({ mfaToken: await challenge(person), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ error: { code: string } }>().error.code).toBe('mfaCodeWrong');
    // An earlier step than the one used is refused too.
    expect(
      (await secondStep({ mfaToken: await challenge(person), code: await codeAt(person.secret, -1) }))
        .statusCode,
    ).toBe(400);
    offset += STEP_MS;
  });

  it('signs in with a recovery code once each (with or without dash, in any case), also under parallel use', async () => {
    const person = await enrolled();
    const [first, second] = person.recoveryCodes as [string, string];
    const ok = await secondStep({ mfaToken: await challenge(person), recoveryCode: first.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    const again = await secondStep({
      mfaToken: await challenge(person),
      recoveryCode: first.replace('-', ''),
    });
    expect(again.statusCode).toBe(400);

    const [a, b] = await Promise.all([
      secondStep({ mfaToken: await challenge(person), recoveryCode: second }),
      secondStep({ mfaToken: await challenge(person), recoveryCode: second }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const status = await ctx.app.inject({
      method: 'GET',
      url: mfaUrl(person),
      headers: bearer(ok.json<{ token: string }>().token),
    });
    expect(status.json<{ recoveryCodesLeft: number }>().recoveryCodesLeft).toBe(8);
  });

  it('refuses an expired mfaToken, a malformed second step, and both factors at once', async () => {
    const person = await enrolled();
    const mfaToken = await challenge(person);
    expect((await secondStep({ mfaToken, code: '12345' })).statusCode).toBe(400);
    expect((await secondStep({ mfaToken })).statusCode).toBe(400);
    const both = await secondStep({
      mfaToken,
      code: await codeAt(person.secret),
      recoveryCode: person.recoveryCodes[0],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ error: { code: string } }>().error.code).toBe('validation');
    expect(
      (await secondStep({ mfaToken: 'x'.repeat(43), code: await codeAt(person.secret) })).statusCode,
    ).toBe(401);

    offset += 5 * 60_000 + 1000;
    const late = await secondStep({ mfaToken, code: await codeAt(person.secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json<{ error: { code: string } }>().error.code).toBe('mfaTokenInvalid');
    offset += STEP_MS;
  });

  it('throttles wrong codes per account and address (429 with Retry-After), without locking the owner out elsewhere', async () => {
    const person = await enrolled();
    const attacker = '203.0.113.77';
    const mfaToken = await challenge(person);
    const wrong = String((Number(await codeAt(person.secret)) + 500_000) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => secondStep({ mfaToken, code: wrong }, attacker)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = await secondStep({ mfaToken, code: await codeAt(person.secret) }, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The owner from their own address: still in.
    const owner = await secondStep(
      { mfaToken: await challenge(person), code: await codeAt(person.secret) },
      '192.0.2.10',
    );
    expect(owner.statusCode).toBe(200);
    offset += STEP_MS;
  });

  it('needs the password or a second factor, or one given in the last 10 minutes, to turn it off or make new codes', async () => {
    const person = await enrolled();
    // This session gave a code at confirmation: it counts for 10 minutes.
    const fresh = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/recovery-codes'),
      headers: bearer(person.token),
    });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(newCodes).toHaveLength(10);
    // The old set ended.
    const old = await secondStep({
      mfaToken: await challenge(person),
      recoveryCode: person.recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);

    offset += 11 * 60_000;
    const stale = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/recovery-codes'),
      headers: bearer(person.token),
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('reauthRequired');
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
    });
    expect(off.statusCode).toBe(403);

    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/recovery-codes'),
      headers: bearer(person.token),
      payload: { password: 'not the password' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json<{ error: { code: string } }>().error.code).toBe('pwWrong');
    const withPassword = await ctx.app.inject({
      method: 'POST',
      url: mfaUrl(person, '/recovery-codes'),
      headers: bearer(person.token),
      payload: { password: person.password },
    });
    expect(withPassword.statusCode).toBe(200);

    offset += 11 * 60_000;
    const withCode = await ctx.app.inject({
      method: 'DELETE',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
      payload: { code: await codeAt(person.secret) },
    });
    expect(withCode.statusCode).toBe(204);
    expect((await signIn(person)).json()).toHaveProperty('token');
    expect(
      await ctx.db.selectFrom('recoveryCode').select('id').where('personId', '=', person.id).execute(),
    ).toEqual([]);
    offset += STEP_MS;
  });

  it('does not count a session opened by a mailed link as re-authenticated', async () => {
    const person = await enrolled();
    const session = await ctx.db
      .selectFrom('session')
      .select('id')
      .where('personId', '=', person.id)
      .executeTakeFirstOrThrow();
    // As a session opened by a reset or confirmation link is stored: neither given.
    await ctx.db
      .updateTable('session')
      .set({ reauthenticatedAt: null })
      .where('id', '=', session.id)
      .execute();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: mfaUrl(person, '/totp'),
      headers: bearer(person.token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('reauthRequired');
  });

  it('ADMIN_MFA=required: an admin without a second factor signs in but every admin route answers 403 mfaRequired', async () => {
    const admin = await signedIn({ isAdmin: 1 });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/person',
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('mfaRequired');
    // Their own profile answers, so they can set it up.
    expect(
      (await ctx.app.inject({ method: 'GET', url: mfaUrl(admin), headers: bearer(admin.token) })).statusCode,
    ).toBe(200);

    const secured = await enrolled({ isAdmin: 1 });
    const allowed = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/person',
      headers: bearer(secured.token),
    });
    expect(allowed.statusCode).toBe(200);
    // A customer stays a plain 403.
    const customer = await signedIn();
    const plain = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/person',
      headers: bearer(customer.token),
    });
    expect(plain.json<{ error: { code: string } }>().error.code).toBe('forbidden');
  });
});

describe('ADMIN_MFA=optional', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ ADMIN_MFA: 'optional' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('lets an admin without a second factor use admin routes', async () => {
    const admin = await createPerson(ctx.db, { isAdmin: 1 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: basicAuth(admin.email, admin.password) },
    });
    const { token } = res.json<{ token: string }>();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/rest/collection/admin/person', headers: bearer(token) }))
        .statusCode,
    ).toBe(200);
  });
});
