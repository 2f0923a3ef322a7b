import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinks, inviteAccount } from '../src/modules/account/account.service.js';
import { setDisabled, setPassword } from '../src/modules/person/person-admin.service.js';
import { bearer, buildTestApp, createPerson, dialect, login, type TestContext } from './helper.js';

// Every event that ends a person's sessions also ends their outstanding links (reset,
// confirmation, invitation): a new password in the profile, through a reset link or from the
// command line, and an account disabled by an admin or the command line. A link mailed before
// must not outlive the event, not even once the account is enabled again.

const PUBLIC_URL = 'https://portal.example.com';

describe(`links end with the sessions (${dialect})`, () => {
  let ctx: TestContext;
  let adminToken: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL });
    adminToken = await login(ctx.app, await createPerson(ctx.db, { isAdmin: 1 }));
  });
  afterAll(async () => {
    await ctx.close();
  });

  let client = 0;
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: `198.18.0.${(++client % 250) + 1}` });

  /** The token of the newest link mailed to the address. */
  async function newestToken(email: string): Promise<string> {
    const mail = await ctx.db
      .selectFrom('mailOutbox')
      .select('textBody')
      .where('toAddress', '=', email)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\?token=([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1];
    if (!token) throw new Error(`no link in the mail to ${email}`);
    return token;
  }

  /** A verified customer with an outstanding reset link. */
  async function customerWithResetLink() {
    const person = await createPerson(ctx.db);
    expect((await post('/rest/password/forgot', { email: person.email })).statusCode).toBe(202);
    return { person, resetToken: await newestToken(person.email) };
  }

  const useResetLink = (token: string) => post('/rest/password/reset', { token, password: 'a brand new passphrase' });
  const adminPatch = (id: string, payload: object) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/admin/person/${id}`,
      headers: bearer(adminToken),
      payload,
    });
  const linksOf = async (personId: string) =>
    ctx.db.selectFrom('accountToken').select('purpose').where('personId', '=', personId).execute();

  it('a password change in the profile ends the reset link', async () => {
    const { person, resetToken } = await customerWithResetLink();
    const session = await login(ctx.app, person);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/rest/collection/person/${person.id}/password`,
      headers: bearer(session),
      payload: { oid: person.id, passwordActual: person.password, password: 'my changed passphrase' },
    });
    expect(changed.statusCode).toBe(204);
    const res = await useResetLink(resetToken);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('tokenInvalid');
    expect(await linksOf(person.id)).toEqual([]);
  });

  it('a new password from the command line ends the reset link', async () => {
    const { person, resetToken } = await customerWithResetLink();
    await setPassword(ctx.db, person.email, 'operator set passphrase', ctx.app.clock.now());
    expect((await useResetLink(resetToken)).statusCode).toBe(400);
    expect(await linksOf(person.id)).toEqual([]);
  });

  it('a new password through one reset link ends the others (confirmation and invitation too)', async () => {
    const email = 'invited-twice@example.com';
    await inviteAccount(ctx.db, accountLinks({ publicUrl: PUBLIC_URL, port: 0 }), { email }, new Date());
    const invitation = await newestToken(email);
    await post('/rest/password/forgot', { email });
    const reset = await newestToken(email);
    expect((await useResetLink(reset)).statusCode).toBe(200);
    expect((await useResetLink(invitation)).statusCode).toBe(400);
  });

  it('an account disabled in the admin console loses its links, also once it is enabled again', async () => {
    const { person, resetToken } = await customerWithResetLink();
    expect((await adminPatch(person.id, { disabled: true })).statusCode).toBe(200);
    expect((await adminPatch(person.id, { disabled: false })).statusCode).toBe(200);
    expect((await useResetLink(resetToken)).statusCode).toBe(400);
    expect(await linksOf(person.id)).toEqual([]);
  });

  it('an account disabled from the command line loses its links, also once it is enabled again', async () => {
    const { person, resetToken } = await customerWithResetLink();
    await setDisabled(ctx.db, person.email, true, ctx.app.clock.now());
    await setDisabled(ctx.db, person.email, false, ctx.app.clock.now());
    expect((await useResetLink(resetToken)).statusCode).toBe(400);
  });

  it('a disabled invited account loses its invitation link, a disabled unconfirmed one its confirmation link', async () => {
    const invited = 'invited-disabled@example.com';
    const person = await inviteAccount(ctx.db, accountLinks({ publicUrl: PUBLIC_URL, port: 0 }), {
      email: invited,
    }, new Date());
    const invitation = await newestToken(invited);
    await setDisabled(ctx.db, invited, true, ctx.app.clock.now());
    await setDisabled(ctx.db, invited, false, ctx.app.clock.now());
    expect((await useResetLink(invitation)).statusCode).toBe(400);
    expect(await linksOf(person.id)).toEqual([]);

    const waiting = 'waiting-disabled@example.com';
    expect(
      (
        await post('/rest/signup', {
          firstname: 'Wanda',
          lastname: 'Wait',
          email: waiting,
          password: 'waiting passphrase',
          language: 'de',
          terms: true,
        })
      ).statusCode,
    ).toBe(202);
    const confirmation = await newestToken(waiting);
    const { id } = await ctx.db
      .selectFrom('person')
      .select('id')
      .where('email', '=', waiting)
      .executeTakeFirstOrThrow();
    expect((await adminPatch(id, { disabled: true })).statusCode).toBe(200);
    expect((await adminPatch(id, { disabled: false })).statusCode).toBe(200);
    expect((await post('/rest/auth/verify', { token: confirmation, password: 'waiting passphrase' })).statusCode).toBe(400);
  });
});
