import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERIFY_LIMITS } from '@portal/contract/account';
import type { ErrorBody } from '@portal/contract/error';
import * as passwords from '../src/lib/password.js';
import { LOGIN_LIMITS } from '../src/modules/auth/login-throttle.js';
import { basicAuth, buildTestApp, dialect, type TestContext } from './helper.js';

// Account pre-hijacking through the sign-up: a stranger signs up first with someone else's
// address and a password of their own. The stranger can never use a link mailed to that
// address; whoever does proves control of it and must own the account alone: a link activates
// exactly the password and profile of the sign-up it was mailed for, and nothing else, and only
// for whoever types that sign-up's password (the mailbox's owner cannot activate a password
// someone else chose by clicking a stranger's link).
// Links are read from the mail outbox, as the mailbox's owner would read them.

const PUBLIC_URL = 'https://portal.example.com';

describe(`account pre-hijacking (${dialect})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  let client = 0;
  const nextAddress = () => `203.0.113.${(++client % 250) + 1}`;
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });

  let serial = 0;
  const newEmail = () => `victim-${++serial}@example.com`;

  const attacker = { firstname: 'Mallory', lastname: 'Mallet', password: 'attacker passphrase' };
  const victim = { firstname: 'Vera', lastname: 'Victor', password: 'victims own passphrase' };

  async function signUp(email: string, who: typeof attacker, language = 'en') {
    const res = await post('/rest/signup', {
      salutation: '',
      firstname: who.firstname,
      lastname: who.lastname,
      email,
      password: who.password,
      language,
      terms: true,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: 1 });
  }

  const mailsTo = (email: string) =>
    ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', email)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  /** The newest mail to the address with the token of its confirmation link. */
  async function newestLink(email: string) {
    const mail = (await mailsTo(email)).at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const token = /\/verify-email\?token=([A-Za-z0-9_-]{43})/.exec(mail.textBody)?.[1];
    if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
    return { mail, token };
  }

  const signIn = (email: string, password: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      remoteAddress: nextAddress(),
      headers: { authorization: basicAuth(email, password) },
    });

  /** Uses a confirmation link as its screen does: with the password typed there. */
  const confirm = (token: string, password: string, language = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/auth/verify',
      payload: { token, password },
      remoteAddress: nextAddress(),
      headers: { 'content-language': language },
    });

  async function profileOf(email: string) {
    return ctx.db
      .selectFrom('person')
      .select(['firstname', 'lastname', 'language', 'verified'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
  }

  it('the whole story: the victim confirms their own sign-up and owns the account alone', async () => {
    const email = newEmail();
    await signUp(email, attacker, 'de');
    const attackersMail = await newestLink(email);

    await signUp(email, victim);
    const victimsMail = await newestLink(email);
    // The victim's mail greets the victim, in the victim's language, and names nobody else.
    expect(victimsMail.mail.textBody).toContain('Hello Vera Victor,');
    for (const body of [victimsMail.mail.textBody, victimsMail.mail.htmlBody, victimsMail.mail.subject]) {
      expect(body).not.toContain('Mallory');
      expect(body).not.toContain('Mallet');
    }
    expect(victimsMail.token).not.toBe(attackersMail.token);
    // Both mails say the link asks for the password of that sign-up, each in its language.
    expect(victimsMail.mail.textBody).toContain('There we ask for the password you chose when signing up');
    expect(attackersMail.mail.textBody).toContain(
      'Dort fragen wir dich nach dem Passwort, das du bei der Registrierung gewählt hast',
    );

    const confirmed = await confirm(victimsMail.token, victim.password);
    expect(confirmed.statusCode).toBe(200);
    expect(await profileOf(email)).toMatchObject({
      firstname: 'Vera',
      lastname: 'Victor',
      language: 'en',
      verified: 1,
    });
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
    // The attacker's own link died with the confirmation.
    expect((await confirm(attackersMail.token, attacker.password)).statusCode).toBe(400);
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
  });

  it("the victim who uses the attacker's link cannot activate the attacker's password", async () => {
    const email = newEmail();
    await signUp(email, attacker);
    const attackersLink = await newestLink(email);
    // The mailbox's owner clicks the link that reached them and types their own password.
    const refused = await confirm(attackersLink.token, victim.password);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().error).toMatchObject({
      code: 'signupPasswordWrong',
      message: expect.stringContaining('not the password chosen at this sign-up'),
      fields: { password: expect.any(String) },
    });
    expect(await profileOf(email)).toMatchObject({ firstname: 'Mallory', verified: 0 });
    expect((await signIn(email, attacker.password)).statusCode).toBe(403);

    // The victim signs up themselves: their own link with their own password makes the account theirs.
    await signUp(email, victim);
    const victimsLink = await newestLink(email);
    expect((await confirm(victimsLink.token, attacker.password)).statusCode).toBe(400);
    expect((await confirm(victimsLink.token, victim.password)).statusCode).toBe(200);
    expect(await profileOf(email)).toMatchObject({ firstname: 'Vera', verified: 1 });
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
    expect((await confirm(attackersLink.token, attacker.password)).statusCode).toBe(400);
  });

  it('a wrong password leaves the link usable; after the last wrong try the link is void', async () => {
    const email = newEmail();
    await signUp(email, victim);
    const { token } = await newestLink(email);
    const wrong = await confirm(token, 'a mistyped passphrase', 'de');
    expect(wrong.json<ErrorBody>().error).toMatchObject({
      code: 'signupPasswordWrong',
      message: expect.stringContaining('nicht das Passwort'),
    });
    for (let tries = 2; tries <= VERIFY_LIMITS.passwordAttempts; tries++) {
      expect((await confirm(token, `guess number ${tries}`)).json<ErrorBody>().error.code).toBe(
        'signupPasswordWrong',
      );
    }
    const late = await confirm(token, victim.password);
    expect(late.statusCode).toBe(400);
    expect(late.json<ErrorBody>().error.code).toBe('tokenInvalid');
    expect(await profileOf(email)).toMatchObject({ verified: 0 });

    // Fewer wrong tries than that cost nothing: the right password still confirms.
    await signUp(email, victim);
    const fresh = await newestLink(email);
    for (let tries = 1; tries < VERIFY_LIMITS.passwordAttempts; tries++) {
      expect((await confirm(fresh.token, `guess number ${tries}`)).statusCode).toBe(400);
    }
    expect((await confirm(fresh.token, victim.password)).statusCode).toBe(200);
  });

  it('wrong tries sent at once cannot get past the bound', async () => {
    const email = newEmail();
    await signUp(email, victim);
    const { token } = await newestLink(email);
    const parallel = VERIFY_LIMITS.passwordAttempts + 3;
    const answers = await Promise.all(
      Array.from({ length: parallel }, (_, i) => confirm(token, `parallel guess ${i}`)),
    );
    const codes = answers.map((res) => res.json<ErrorBody>().error.code);
    expect(codes.filter((code) => code === 'signupPasswordWrong')).toHaveLength(
      VERIFY_LIMITS.passwordAttempts,
    );
    expect(codes.filter((code) => code === 'tokenInvalid')).toHaveLength(
      parallel - VERIFY_LIMITS.passwordAttempts,
    );
    expect((await confirm(token, victim.password)).json<ErrorBody>().error.code).toBe('tokenInvalid');
  });

  it('counts each try like a sign-in: a client address that spent its sign-in budget cannot guess at links', async () => {
    const email = newEmail();
    await signUp(email, victim);
    const { token } = await newestLink(email);
    const guesser = '198.51.100.7';
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/auth',
        remoteAddress: guesser,
        headers: { authorization: basicAuth(`sprayed-${i}@example.com`, 'some guess') },
      });
      expect(res.statusCode).toBe(401);
    }
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth/verify',
      payload: { token, password: victim.password },
      remoteAddress: guesser,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The link itself is untouched: its owner confirms from elsewhere.
    expect((await confirm(token, victim.password)).statusCode).toBe(200);
  });

  it('does one argon2 check on every path (unknown, used, wrong, right)', async () => {
    const email = newEmail();
    await signUp(email, victim);
    const { token } = await newestLink(email);
    const unknown = token.startsWith('A') ? `B${token.slice(1)}` : `A${token.slice(1)}`;
    const paths: Array<[string, string, number]> = [
      [unknown, victim.password, 400],
      [token, attacker.password, 400],
      [token, victim.password, 200],
      [token, victim.password, 400], // used
    ];
    for (const [link, password, status] of paths) {
      const check = vi.spyOn(passwords, 'verifyPassword');
      expect((await confirm(link, password)).statusCode).toBe(status);
      expect(check).toHaveBeenCalledOnce();
      expect(check.mock.calls[0]?.[0]).toMatch(/^\$argon2id\$/);
      vi.restoreAllMocks();
    }
  });

  it('the attacker signing up again after the victim changes nothing the victim confirms', async () => {
    const email = newEmail();
    await signUp(email, attacker);
    await signUp(email, victim);
    const victimsLink = await newestLink(email);
    // The stranger tries again, and asks for the link to be sent again.
    await signUp(email, attacker);
    expect((await post('/rest/auth/verify/resend', { email })).statusCode).toBe(202);

    expect((await confirm(victimsLink.token, victim.password)).statusCode).toBe(200);
    expect(await profileOf(email)).toMatchObject({ firstname: 'Vera', lastname: 'Victor' });
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
    // Every other link of the address stopped working with the confirmation.
    const mails = await mailsTo(email);
    const tokens = mails.map((m) => /token=([A-Za-z0-9_-]{43})/.exec(m.textBody)?.[1]).filter(Boolean);
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    for (const token of tokens) {
      for (const password of [victim.password, attacker.password]) {
        expect((await confirm(token!, password)).statusCode).toBe(400);
      }
    }
  });

  it('the attacker, who never sees the mail, cannot sign in before or after the victim confirms', async () => {
    const email = newEmail();
    await signUp(email, attacker);
    // Their own password is that of an unconfirmed sign-up: no session.
    expect((await signIn(email, attacker.password)).statusCode).toBe(403);
    await signUp(email, victim);
    expect((await signIn(email, attacker.password)).statusCode).not.toBe(200);
    expect((await confirm((await newestLink(email)).token, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
    // Signing up again afterwards only tells the owner (a reset link); the account stays theirs.
    await signUp(email, attacker);
    const mail = (await mailsTo(email)).at(-1)!;
    expect(mail.kind).toBe('account-exists');
    expect(mail.textBody).toContain('Hello Vera Victor,');
    expect(mail.textBody).not.toContain('Mallory');
    expect((await signIn(email, attacker.password)).statusCode).toBe(401);
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
  });

  it("each link activates only its own sign-up: the first sign-up's link gives the first sign-up, and ends the later one", async () => {
    // The mailbox's owner may use any link that reached the mailbox; each one carries what its
    // own sign-up chose (its mail greets that sign-up's name), never what a later one chose.
    const email = newEmail();
    await signUp(email, victim);
    const first = await newestLink(email);
    await signUp(email, { ...attacker, password: 'a later passphrase' });
    const second = await newestLink(email);
    expect(second.mail.textBody).toContain('Hello Mallory Mallet,');
    expect(second.mail.textBody).not.toContain('Vera');

    expect((await confirm(first.token, victim.password)).statusCode).toBe(200);
    expect(await profileOf(email)).toMatchObject({ firstname: 'Vera', verified: 1 });
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, 'a later passphrase')).statusCode).toBe(401);
    expect((await confirm(second.token, 'a later passphrase')).statusCode).toBe(400);
  });

  it('a resent link greets the newest sign-up, and only ends that sign-up’s older link', async () => {
    const email = newEmail();
    await signUp(email, victim);
    const victimsLink = await newestLink(email);
    await signUp(email, attacker);
    const attackersLink = await newestLink(email);
    expect((await post('/rest/auth/verify/resend', { email })).statusCode).toBe(202);
    const resent = await newestLink(email);
    expect(resent.mail.textBody).toContain('Hello Mallory Mallet,');
    // The resent link replaces the attacker's older one, but the victim's stays usable.
    expect((await confirm(attackersLink.token, attacker.password)).statusCode).toBe(400);
    expect((await confirm(victimsLink.token, victim.password)).statusCode).toBe(200);
    expect((await signIn(email, victim.password)).statusCode).toBe(200);
    expect((await confirm(resent.token, attacker.password)).statusCode).toBe(400);
  });

  it('of two links used at once exactly one becomes the account', async () => {
    const email = newEmail();
    await signUp(email, attacker);
    const one = await newestLink(email);
    await signUp(email, victim);
    const other = await newestLink(email);
    const results = await Promise.all([
      confirm(one.token, attacker.password),
      confirm(other.token, victim.password),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? attacker : victim;
    const loser = winner === attacker ? victim : attacker;
    expect(await profileOf(email)).toMatchObject({ firstname: winner.firstname, verified: 1 });
    expect((await signIn(email, winner.password)).statusCode).toBe(200);
    expect((await signIn(email, loser.password)).statusCode).toBe(401);
  });

  it('answers the second sign-up exactly like the first and like a taken address', async () => {
    const email = newEmail();
    const taken = newEmail();
    await signUp(taken, victim);
    expect((await confirm((await newestLink(taken)).token, victim.password)).statusCode).toBe(200);
    const bodies = [];
    for (const address of [email, email, taken]) {
      const res = await post('/rest/signup', {
        firstname: 'Any',
        lastname: 'One',
        email: address,
        password: 'some passphrase',
        language: 'de',
        terms: true,
      });
      bodies.push([res.statusCode, res.headers['content-type'], res.body]);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
  });
});
