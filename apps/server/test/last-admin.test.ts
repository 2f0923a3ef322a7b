import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@portal/contract/error';
import { accountLinks, inviteAccount } from '../src/modules/account/account.service.js';
import { setAdmin, setDisabled } from '../src/modules/person/person-admin.service.js';
import { basicAuth, bearer, buildTestApp, createPerson, dialect, login, type TestContext, type TestPerson } from './helper.js';

// The last admin who can sign in always stays: an admin who is disabled, or who cannot sign in
// yet (invited without a password, or not confirmed), does not count. Every path that can take
// admin rights away is covered: the console's flag and disable, the command line's user:admin
// and user:disable (the services they call), and two admins stepping down at once.

const PUBLIC_URL = 'https://portal.example.com';
const links = accountLinks({ publicUrl: PUBLIC_URL, port: 0 });

describe(`the last admin who can sign in (${dialect})`, () => {
  let ctx: TestContext;
  let admin: TestPerson;
  let adminToken: string;

  // A database of its own per test: each one starts with exactly one admin who can sign in.
  beforeEach(async () => {
    await ctx?.close();
    ctx = await buildTestApp({ PUBLIC_URL });
    admin = await createPerson(ctx.db, { isAdmin: 1, email: 'first-admin@example.com' });
    adminToken = await login(ctx.app, admin);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const patch = (id: string, payload: object, token = adminToken) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/admin/person/${id}`,
      headers: { ...bearer(token), 'content-language': 'en' },
      payload,
    });

  /** An admin invited in the console: no password until the mailed link is used. */
  async function inviteAdmin(email = 'new-admin@example.com') {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/admin/person',
      headers: bearer(adminToken),
      payload: { email, firstname: 'Nora', lastname: 'Neu', isAdmin: true },
    });
    expect(res.statusCode).toBe(201);
    return res.json<{ id: string; email: string }>();
  }

  const expectLastAdmin = (res: { statusCode: number; json: <T>() => T }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error).toMatchObject({
      code: 'lastAdmin',
      message:
        'The last admin who can sign in can be neither removed nor disabled. Invited admins count once they have chosen their password.',
    });
  };

  const signInAdmins = async () =>
    (
      await ctx.db
        .selectFrom('person')
        .select('email')
        .where('isAdmin', '=', 1)
        .where('disabled', '=', 0)
        .where('verified', '=', 1)
        .where('passwordHash', '<>', '')
        .execute()
    ).map((p) => p.email);

  it('console: an admin who invited a new admin cannot remove their own flag until the new one has a password', async () => {
    const invited = await inviteAdmin();
    expectLastAdmin(await patch(admin.id, { isAdmin: false }));
    expect(await signInAdmins()).toEqual([admin.email]);

    // The invited admin chooses a password through the mailed link: now there are two.
    const mail = await ctx.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('toAddress', '=', invited.email)
      .executeTakeFirstOrThrow();
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.textBody)![1];
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/rest/password/reset',
      payload: { token, password: 'new admin passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await patch(admin.id, { isAdmin: false })).statusCode).toBe(200);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      headers: { authorization: basicAuth(invited.email, 'new admin passphrase') },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('console: an admin who is disabled or not confirmed does not count either', async () => {
    const disabled = await createPerson(ctx.db, { isAdmin: 1 });
    await ctx.db.updateTable('person').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
    const unconfirmed = await createPerson(ctx.db, { isAdmin: 1 });
    await ctx.db.updateTable('person').set({ verified: 0 }).where('id', '=', unconfirmed.id).execute();
    expectLastAdmin(await patch(admin.id, { isAdmin: false }));
    // Taking the flag from those who cannot sign in is fine.
    expect((await patch(unconfirmed.id, { isAdmin: false })).statusCode).toBe(200);
    expect(await signInAdmins()).toEqual([admin.email]);
  });

  it('console: another admin cannot disable the last one who can sign in', async () => {
    const invited = await inviteAdmin();
    const second = await createPerson(ctx.db, { isAdmin: 1 });
    const secondToken = await login(ctx.app, second);
    // The first steps down while the second can sign in; then the second is the last one.
    expect((await patch(admin.id, { isAdmin: false }, secondToken)).statusCode).toBe(200);
    expectLastAdmin(await patch(second.id, { isAdmin: false }, secondToken));
    expect((await patch(invited.id, { disabled: true }, secondToken)).statusCode).toBe(200);
    expect(await signInAdmins()).toEqual([second.email]);
  });

  it('command line: user:admin --off and user:disable keep the last admin who can sign in', async () => {
    await inviteAccount(ctx.db, links, { email: 'cli-invited@example.com', isAdmin: true }, new Date());
    await expect(setAdmin(ctx.db, admin.email, false, ctx.app.clock.now())).rejects.toMatchObject({ statusCode: 409, code: 'lastAdmin' });
    await expect(setDisabled(ctx.db, admin.email, true, ctx.app.clock.now())).rejects.toMatchObject({ statusCode: 409, code: 'lastAdmin' });
    // The invited admin can lose the flag or be disabled without harm.
    expect(await setAdmin(ctx.db, 'cli-invited@example.com', false, ctx.app.clock.now())).toBe(true);
    expect(await signInAdmins()).toEqual([admin.email]);
  });

  it('two admins stepping down at once: exactly one may, while an invited admin waits', async () => {
    await inviteAdmin();
    const second = await createPerson(ctx.db, { isAdmin: 1 });
    const secondToken = await login(ctx.app, second);
    const results = await Promise.all([
      patch(admin.id, { isAdmin: false }),
      patch(second.id, { isAdmin: false }, secondToken),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await signInAdmins()).toHaveLength(1);

    // The same from the command line: one admin disabled, one stepping down, at once.
    const third = await createPerson(ctx.db, { isAdmin: 1 });
    const [remaining] = await signInAdmins();
    const outcomes = await Promise.allSettled([setDisabled(ctx.db, remaining!, true, ctx.app.clock.now()), setAdmin(ctx.db, third.email, false, ctx.app.clock.now())]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { code: 'lastAdmin' } });
    expect(await signInAdmins()).toHaveLength(1);
  });
});
