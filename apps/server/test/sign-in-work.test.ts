import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as password from '../src/lib/password.js';
import { accountLinks, inviteAccount } from '../src/modules/account/account.service.js';
import { basicAuth, buildTestApp, createPerson, dialect, type TestContext } from './helper.js';

// Sign-in must not tell accounts apart by its time: every path (unknown address, invited
// account without a password, unconfirmed, disabled, wrong and right password) runs exactly one
// argon2 verification against a real hash at the portal's parameters. Asserted by counting the
// verifications, not by timing; the medians are printed for the reader.

const ARGON2ID_AT_OWASP = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe(`sign-in work on every path (${dialect})`, () => {
  let ctx: TestContext;
  const addresses: Record<string, { email: string; password: string }> = {};

  beforeAll(async () => {
    ctx = await buildTestApp();
    const known = await createPerson(ctx.db, { email: 'known@example.com' });
    const disabled = await createPerson(ctx.db, { email: 'disabled@example.com' });
    await ctx.db.updateTable('person').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
    const unverified = await createPerson(ctx.db, { email: 'unverified@example.com' });
    await ctx.db.updateTable('person').set({ verified: 0 }).where('id', '=', unverified.id).execute();
    await inviteAccount(ctx.db, accountLinks({ publicUrl: 'https://portal.example.com', port: 0 }), {
      email: 'invited@example.com',
    }, new Date());
    Object.assign(addresses, {
      'unknown address': { email: 'nobody@example.com', password: 'some passphrase' },
      'invited, no password yet': { email: 'invited@example.com', password: 'some passphrase' },
      'wrong password': { email: known.email, password: 'wrong passphrase' },
      'right password': known,
      'unconfirmed, right password': unverified,
      'disabled, right password': disabled,
      'disabled, wrong password': { email: disabled.email, password: 'wrong passphrase' },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  let client = 0;
  const signIn = (email: string, pass: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      remoteAddress: `192.0.2.${(++client % 250) + 1}`,
      headers: { authorization: basicAuth(email, pass) },
    });

  it.each([
    ['unknown address', 401],
    ['invited, no password yet', 401],
    ['wrong password', 401],
    ['right password', 200],
    ['unconfirmed, right password', 403],
    // Only the right password learns that the account is disabled.
    ['disabled, right password', 403],
    ['disabled, wrong password', 401],
  ] as const)('%s: one argon2 verification against a real hash (%i)', async (path, status) => {
    const verify = vi.spyOn(password, 'verifyPassword');
    const { email, password: given } = addresses[path]!;
    expect((await signIn(email, given)).statusCode).toBe(status);
    expect(verify).toHaveBeenCalledOnce();
    expect(verify.mock.calls[0]?.[0]).toMatch(ARGON2ID_AT_OWASP);
  });

  it('tells a disabled account so only with the right password, in the language asked for', async () => {
    const { email, password: right } = addresses['disabled, right password']!;
    for (const [language, text] of [
      ['de', 'Dieses Konto ist deaktiviert.'],
      ['en', 'This account is disabled.'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/auth',
        remoteAddress: `192.0.2.${(++client % 250) + 1}`,
        headers: { authorization: basicAuth(email, right), 'content-language': language },
      });
      expect(res.json<{ error: { code: string; message: string } }>().error).toMatchObject({
        code: 'accountDisabled',
        message: expect.stringContaining(text),
      });
    }
    const wrong = await signIn(email, 'wrong passphrase');
    expect(wrong.json<{ error: { code: string } }>().error.code).toBe('unauthorized');
  });

  it('prints the median time of each path', async () => {
    const medians: Record<string, number> = {};
    for (const [path, { email, password: given }] of Object.entries(addresses)) {
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const start = performance.now();
        await signIn(email, given);
        times.push(performance.now() - start);
      }
      medians[path] = Math.round(times.sort((a, b) => a - b)[3]! * 10) / 10;
    }
    console.info(`sign-in medians in ms (${dialect}):`, medians);
    expect(Object.keys(medians)).toHaveLength(7);
  });
});
