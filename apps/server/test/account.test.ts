import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '@portal/contract/error';
import { sha256Hex } from '../src/lib/ids.js';
import { accountLinks, inviteAccount } from '../src/modules/account/account.service.js';
import {
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  form,
  login,
  type TestContext,
  type TestPerson,
} from './helper.js';

// Self-service accounts on both dialects: sign-up with a verified address, forgotten
// passwords and invitations. Links are read from the mail outbox, as a person reads them.

const PUBLIC_URL = 'https://portal.example.com';
const HOUR = 60 * 60 * 1000;

describe('self-service accounts', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await ctx.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // Every call comes from an address of its own unless a test says otherwise, so the per-address
  // limits only count where a test means them to.
  let client = 0;
  const nextAddress = () => `198.51.100.${(++client % 250) + 1}`;
  const post = (url: string, payload: object, options: { language?: string; remoteAddress?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.remoteAddress ?? nextAddress(),
      headers: { 'content-language': options.language ?? 'de' },
    });

  let serial = 0;
  const newEmail = (name = 'kim') => `${name}-${++serial}@example.com`;
  const signupForm = (email: string, overrides: Record<string, unknown> = {}) => ({
    salutation: 'f',
    firstname: 'Kim',
    lastname: 'Neu',
    company: '',
    email,
    password: 'a fresh passphrase',
    language: 'en',
    terms: true,
    ...overrides,
  });

  const mailsTo = (email: string) =>
    ctx.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', email)
      .orderBy('createdAt')
      .orderBy('id')
      .execute();

  /** The token of the newest mail to the address, and the mail. */
  async function lastLink(email: string) {
    const mails = await mailsTo(email);
    const mail = mails.at(-1);
    if (!mail) throw new Error(`no mail to ${email}`);
    const match =
      /(https:\/\/portal\.example\.com\/(verify-email|reset-password))\?token=([A-Za-z0-9_-]{43})/.exec(
        mail.textBody,
      );
    if (!match) throw new Error(`no link in the mail to ${email}`);
    return { mail, page: match[2], token: match[3]!, count: mails.length };
  }

  async function signUp(email: string, overrides: Record<string, unknown> = {}) {
    const res = await post('/rest/signup', signupForm(email, overrides));
    expect(res.statusCode).toBe(202);
    return res;
  }

  /** A signed-up customer who used the verification link: the person and the session it gave. */
  async function verifiedCustomer(): Promise<TestPerson & { session: string }> {
    const email = newEmail('done');
    await signUp(email);
    const res = await post('/rest/auth/verify', {
      token: (await lastLink(email)).token,
      password: 'a fresh passphrase',
    });
    expect(res.statusCode).toBe(200);
    const { token, oid } = res.json<{ token: string; oid: string }>();
    return { id: oid, email, password: 'a fresh passphrase', session: token };
  }

  const signIn = (email: string, password: string, language = 'de') =>
    ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      remoteAddress: nextAddress(),
      headers: { authorization: basicAuth(email, password), 'content-language': language },
    });

  const sessionWorks = async (token: string, oid: string) =>
    (await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${oid}`, headers: bearer(token) }))
      .statusCode === 200;

  describe('sign-up', () => {
    it('creates an unverified account and queues a verification link in the chosen language', async () => {
      const email = newEmail();
      const res = await signUp(email);
      expect(res.json()).toEqual({ success: 1 });
      const person = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(person).toMatchObject({
        verified: 0,
        firstname: 'Kim',
        lastname: 'Neu',
        salutation: 'f',
        language: 'en',
        isAdmin: 0,
      });
      const { mail, page, token } = await lastLink(email);
      expect(mail).toMatchObject({
        kind: 'verify-email',
        language: 'en',
        state: 'queued',
        subject: 'Please confirm your email address',
      });
      expect(mail.htmlBody).toContain(`<a href="${PUBLIC_URL}/verify-email?token=${token}">`);
      expect(page).toBe('verify-email');
      // Only the hash is stored, and the link works for 24 hours.
      const stored = await ctx.db
        .selectFrom('accountToken')
        .selectAll()
        .where('personId', '=', person.id)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ tokenHash: sha256Hex(token), purpose: 'verify' });
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(Date.parse(stored[0]!.expiresAt) - Date.parse(stored[0]!.createdAt)).toBe(24 * HOUR);
    });

    it('accepts the form encoding of the web app', async () => {
      const email = newEmail('form');
      const body = `salutation=&firstname=Jo&lastname=Form&company=ACME&email=${encodeURIComponent(email.toUpperCase())}&password=another+passphrase&language=de&terms=true`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/signup',
        remoteAddress: nextAddress(),
        ...form(body),
      });
      expect(res.statusCode).toBe(202);
      const person = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(person).toMatchObject({ salutation: null, company: 'ACME', language: 'de' });
      expect((await lastLink(email)).mail.subject).toBe('Bitte bestätige deine E-Mail-Adresse');
    });

    it('answers a taken address exactly like a free one, changes nothing and mails a reset link instead', async () => {
      const owner = await createPerson(ctx.db, { email: newEmail('owner'), firstname: 'Olga' });
      const before = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      const free = await post('/rest/signup', signupForm(newEmail('free')));
      const taken = await post(
        '/rest/signup',
        signupForm(owner.email, { firstname: 'Mallory', password: 'attacker passphrase' }),
      );
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.body).toBe(free.body);
      expect(taken.headers['content-type']).toBe(free.headers['content-type']);

      const after = await ctx.db
        .selectFrom('person')
        .selectAll()
        .where('id', '=', owner.id)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect((await signIn(owner.email, 'attacker passphrase')).statusCode).toBe(401);
      expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
      // The owner (German, like every account the helper makes) learns about it in German.
      const { mail, page } = await lastLink(owner.email);
      expect(mail).toMatchObject({
        kind: 'account-exists',
        language: 'de',
        subject: 'Du hast bereits ein Konto',
      });
      expect(mail.textBody).toContain('Hallo Olga Mustermann,');
      expect(page).toBe('reset-password');
    });

    it('gives a second sign-up of an unverified address a link of its own, which makes that sign-up the account', async () => {
      const email = newEmail('again');
      await signUp(email);
      const first = await lastLink(email);
      await signUp(email, { firstname: 'Changed', password: 'a second passphrase', language: 'de' });
      const second = await lastLink(email);
      expect(second.mail).toMatchObject({ kind: 'verify-email', language: 'de' });
      expect(second.mail.textBody).toContain('Hallo Changed Neu,');
      expect(second.token).not.toBe(first.token);
      expect(
        (await post('/rest/auth/verify', { token: second.token, password: 'a second passphrase' }))
          .statusCode,
      ).toBe(200);
      // Using one link ends the others (docs/security.md#self-service-accounts).
      expect(
        (await post('/rest/auth/verify', { token: first.token, password: 'a fresh passphrase' })).statusCode,
      ).toBe(400);
      const person = await ctx.db
        .selectFrom('person')
        .select(['firstname', 'language'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(person).toEqual({ firstname: 'Changed', language: 'de' });
      expect((await signIn(email, 'a second passphrase')).statusCode).toBe(200);
      expect((await signIn(email, 'a fresh passphrase')).statusCode).toBe(401);
    });

    it.each([
      [
        'a common password',
        { password: 'Password123' },
        'password',
        'Zu häufig benutzt, bitte wähle ein anderes',
      ],
      [
        'the e-mail address as password',
        { password: 'SAME@example.com', email: 'same@example.com' },
        'password',
        'Darf nicht die E-Mail-Adresse sein',
      ],
      ['a short password', { password: 'kurz' }, 'password', 'Zu kurz'],
      ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password', 'Zu lang'],
      ['terms not accepted', { terms: false }, 'terms', 'Ungültiger Wert'],
      ['no last name', { lastname: '' }, 'lastname', 'Ungültiger Wert'],
      ['a bad address', { email: 'nobody' }, 'email', 'Ungültiger Wert'],
    ])('refuses %s with the field named, creating nothing', async (_label, overrides, field, message) => {
      const email = (overrides as { email?: string }).email ?? newEmail('bad');
      const res = await post('/rest/signup', signupForm(email, overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toMatchObject({ code: 'validation', fields: { [field]: message } });
      const found = await ctx.db
        .selectFrom('person')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      expect(found).toBeUndefined();
    });
  });

  describe('verification', () => {
    it('refuses sign-in with the right password until the address is verified (403 unverified, both languages)', async () => {
      const email = newEmail('wait');
      await signUp(email);
      const de = await signIn(email, 'a fresh passphrase');
      expect(de.statusCode).toBe(403);
      expect(de.json<ErrorBody>().error).toMatchObject({
        code: 'unverified',
        message: expect.stringContaining('bestätige'),
      });
      const en = await signIn(email, 'a fresh passphrase', 'en');
      expect(en.json<ErrorBody>().error).toMatchObject({
        code: 'unverified',
        message: expect.stringContaining('confirm'),
      });
      // A wrong password says nothing about the account.
      expect((await signIn(email, 'wrong passphrase')).statusCode).toBe(401);
    });

    it('verifies with the link, signs the person in, and the link works once only', async () => {
      const email = newEmail('link');
      await signUp(email);
      const { token } = await lastLink(email);
      const res = await post('/rest/auth/verify', { token, password: 'a fresh passphrase' });
      expect(res.statusCode).toBe(200);
      const session = res.json<{ token: string; oid: string }>();
      expect(await sessionWorks(session.token, session.oid)).toBe(true);
      expect((await signIn(email, 'a fresh passphrase')).statusCode).toBe(200);

      const again = await post(
        '/rest/auth/verify',
        { token, password: 'a fresh passphrase' },
        { language: 'en' },
      );
      expect(again.statusCode).toBe(400);
      expect(again.json<ErrorBody>().error).toMatchObject({
        code: 'tokenInvalid',
        message: 'This link is invalid, has expired or has already been used.',
      });
    });

    it('refuses a tampered token and one of the wrong shape', async () => {
      const email = newEmail('tamper');
      await signUp(email);
      const { token } = await lastLink(email);
      const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const res = await post('/rest/auth/verify', { token: tampered, password: 'a fresh passphrase' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.code).toBe('tokenInvalid');
      expect((await post('/rest/auth/verify', { token: `${token}x` })).json<ErrorBody>().error.code).toBe(
        'validation',
      );
      // The real link still works: a wrong guess does not use it up.
      expect((await post('/rest/auth/verify', { token, password: 'a fresh passphrase' })).statusCode).toBe(
        200,
      );
    });

    it('lets a verification link expire after 24 hours', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date('2031-03-01T10:00:00Z');
      vi.setSystemTime(start);
      const late = newEmail('late');
      const inTime = newEmail('intime');
      await signUp(late);
      await signUp(inTime);
      vi.setSystemTime(start.getTime() + 24 * HOUR - 60_000);
      expect(
        (
          await post('/rest/auth/verify', {
            token: (await lastLink(inTime)).token,
            password: 'a fresh passphrase',
          })
        ).statusCode,
      ).toBe(200);
      vi.setSystemTime(start.getTime() + 24 * HOUR);
      const res = await post('/rest/auth/verify', {
        token: (await lastLink(late)).token,
        password: 'a fresh passphrase',
      });
      expect(res.json<ErrorBody>().error.code).toBe('tokenInvalid');
      expect((await signIn(late, 'a fresh passphrase')).statusCode).toBe(403);
    });

    it('a used verification link cannot be raced: of two parallel uses one signs in', async () => {
      const email = newEmail('race');
      await signUp(email);
      const { token } = await lastLink(email);
      const results = await Promise.all([
        post('/rest/auth/verify', { token, password: 'a fresh passphrase' }),
        post('/rest/auth/verify', { token, password: 'a fresh passphrase' }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it('resends a link only to an address that waits for one, answering the same in every case', async () => {
      const waiting = newEmail('resend');
      await signUp(waiting);
      const first = await lastLink(waiting);
      const verified = await createPerson(ctx.db, { email: newEmail('verified') });
      const unknown = newEmail('unknown');

      const answers = await Promise.all(
        [waiting, verified.email, unknown].map((email) => post('/rest/auth/verify/resend', { email })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe(answers[0]!.body);
      }
      const second = await lastLink(waiting);
      expect(second.count).toBe(2);
      expect(await mailsTo(verified.email)).toHaveLength(0);
      expect(await mailsTo(unknown)).toHaveLength(0);
      // The newer link replaces the older one.
      expect(
        (await post('/rest/auth/verify', { token: first.token, password: 'a fresh passphrase' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/rest/auth/verify', { token: second.token, password: 'a fresh passphrase' })).statusCode,
      ).toBe(200);
    });
  });

  describe('forgotten password', () => {
    it('mails a reset link to a verified account and answers an unknown address the same', async () => {
      const owner = await createPerson(ctx.db, { email: newEmail('forgot') });
      const unknown = newEmail('nobody');
      const known = await post('/rest/password/forgot', { email: owner.email.toUpperCase() });
      const stranger = await post('/rest/password/forgot', { email: unknown });
      expect(known.statusCode).toBe(202);
      expect(stranger.statusCode).toBe(202);
      expect(stranger.body).toBe(known.body);
      expect(await mailsTo(unknown)).toHaveLength(0);
      const { mail, page, token } = await lastLink(owner.email);
      expect(mail).toMatchObject({
        kind: 'password-reset',
        language: 'de',
        subject: 'Neues Passwort für das Serviceportal',
      });
      expect(page).toBe('reset-password');
      const stored = await ctx.db
        .selectFrom('accountToken')
        .selectAll()
        .where('tokenHash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow();
      expect(Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)).toBe(HOUR);
    });

    it('mails nothing to an account that waits for verification or is disabled', async () => {
      const waiting = newEmail('unverified');
      await signUp(waiting);
      const disabled = await createPerson(ctx.db, { email: newEmail('disabled') });
      await ctx.db.updateTable('person').set({ disabled: 1 }).where('id', '=', disabled.id).execute();
      expect((await post('/rest/password/forgot', { email: waiting })).statusCode).toBe(202);
      expect((await post('/rest/password/forgot', { email: disabled.email })).statusCode).toBe(202);
      expect((await mailsTo(waiting)).map((m) => m.kind)).toEqual(['verify-email']);
      expect(await mailsTo(disabled.email)).toHaveLength(0);
    });

    it('sets the new password with the link, ends every session and signs the person in', async () => {
      const owner = await createPerson(ctx.db, { email: newEmail('reset') });
      const phone = await login(ctx.app, owner);
      const laptop = await login(ctx.app, owner);
      await post('/rest/password/forgot', { email: owner.email });
      const { token } = await lastLink(owner.email);

      const res = await post('/rest/password/reset', { token, password: 'my new passphrase' });
      expect(res.statusCode).toBe(200);
      const session = res.json<{ token: string; oid: string }>();
      expect(session.oid).toBe(owner.id);
      expect(await sessionWorks(phone, owner.id)).toBe(false);
      expect(await sessionWorks(laptop, owner.id)).toBe(false);
      expect(await sessionWorks(session.token, owner.id)).toBe(true);
      expect((await signIn(owner.email, owner.password)).statusCode).toBe(401);
      expect((await signIn(owner.email, 'my new passphrase')).statusCode).toBe(200);

      const reuse = await post('/rest/password/reset', { token, password: 'yet another passphrase' });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json<ErrorBody>().error.code).toBe('tokenInvalid');
      expect((await signIn(owner.email, 'my new passphrase')).statusCode).toBe(200);
    });

    it('refuses a password that breaks a rule and leaves the link usable', async () => {
      const owner = await createPerson(ctx.db, { email: newEmail('rules') });
      await post('/rest/password/forgot', { email: owner.email });
      const { token } = await lastLink(owner.email);
      for (const [password, problem] of [
        [owner.email, 'Must not be the email address'],
        ['iloveyou', 'Too common, please choose another'],
        ['short', 'Too short'],
      ] as const) {
        const res = await post('/rest/password/reset', { token, password }, { language: 'en' });
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().error).toMatchObject({
          code: 'validation',
          fields: { password: problem },
        });
      }
      expect((await post('/rest/password/reset', { token, password: 'a good passphrase' })).statusCode).toBe(
        200,
      );
    });

    it('lets a reset link expire after one hour and refuses a verification link on the reset screen', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date('2031-04-01T08:00:00Z');
      vi.setSystemTime(start);
      const owner = await createPerson(ctx.db, { email: newEmail('expire') });
      await post('/rest/password/forgot', { email: owner.email });
      const { token } = await lastLink(owner.email);
      vi.setSystemTime(start.getTime() + HOUR);
      const res = await post('/rest/password/reset', { token, password: 'too late passphrase' });
      expect(res.json<ErrorBody>().error.code).toBe('tokenInvalid');
      expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);

      const waiting = newEmail('wrongscreen');
      await signUp(waiting);
      const verifyLink = await lastLink(waiting);
      expect(
        (
          await post('/rest/password/reset', { token: verifyLink.token, password: 'some passphrase' })
        ).json<ErrorBody>().error.code,
      ).toBe('tokenInvalid');
    });
  });

  describe('invitations', () => {
    const links = accountLinks({ publicUrl: PUBLIC_URL, port: 0 });

    it('creates an unverified person without a password whose link sets one and verifies the address', async () => {
      const email = newEmail('invited');
      const person = await inviteAccount(ctx.db, links, {
        email: email.toUpperCase(),
        firstname: 'Ina',
        lastname: 'Vite',
        language: 'en',
      }, new Date());
      expect(person).toMatchObject({ email, verified: 0, isAdmin: 0 });
      // No password signs in; the sign-in does not reveal the invitation either.
      expect((await signIn(email, '')).statusCode).toBe(400);
      expect((await signIn(email, 'any passphrase')).statusCode).toBe(401);
      const { mail, page, token } = await lastLink(email);
      expect(mail).toMatchObject({
        kind: 'invitation',
        language: 'en',
        subject: 'Invitation to Serviceportal',
      });
      expect(mail.textBody).toContain('Hello Ina Vite,');
      expect(page).toBe('reset-password');

      const res = await post('/rest/password/reset', { token, password: 'invited passphrase' });
      expect(res.statusCode).toBe(200);
      const stored = await ctx.db
        .selectFrom('person')
        .select('verified')
        .where('id', '=', person.id)
        .executeTakeFirstOrThrow();
      expect(stored.verified).toBe(1);
      expect((await signIn(email, 'invited passphrase')).statusCode).toBe(200);
    });

    it('keeps an invitation valid for 7 days', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date('2031-05-01T08:00:00Z');
      vi.setSystemTime(start);
      const inTime = newEmail('week');
      const late = newEmail('weeklate');
      await inviteAccount(ctx.db, links, { email: inTime }, new Date());
      await inviteAccount(ctx.db, links, { email: late }, new Date());
      vi.setSystemTime(start.getTime() + 7 * 24 * HOUR - 60_000);
      expect(
        (
          await post('/rest/password/reset', {
            token: (await lastLink(inTime)).token,
            password: 'just in time',
          })
        ).statusCode,
      ).toBe(200);
      vi.setSystemTime(start.getTime() + 7 * 24 * HOUR);
      expect(
        (
          await post('/rest/password/reset', {
            token: (await lastLink(late)).token,
            password: 'one minute late',
          })
        ).json<ErrorBody>().error.code,
      ).toBe('tokenInvalid');
    });

    it('sends an invited person who forgot the mail a reset link, and refuses an address that has an account', async () => {
      const email = newEmail('lost');
      await inviteAccount(ctx.db, links, { email }, new Date());
      expect((await post('/rest/password/forgot', { email })).statusCode).toBe(202);
      expect((await lastLink(email)).mail.kind).toBe('password-reset');
      await expect(inviteAccount(ctx.db, links, { email }, new Date())).rejects.toMatchObject({
        statusCode: 409,
        code: 'emailTaken',
      });
    });
  });

  describe('password rules elsewhere', () => {
    it('refuses a common password or the own address in the profile password change', async () => {
      const person = await verifiedCustomer();
      for (const [password, problem] of [
        ['qwertzuiop', 'Zu häufig benutzt, bitte wähle ein anderes'],
        [person.email, 'Darf nicht die E-Mail-Adresse sein'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'PATCH',
          url: `/rest/collection/person/${person.id}/password`,
          headers: bearer(person.session),
          payload: { passwordActual: person.password, password },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json<ErrorBody>().error.fields).toEqual({ password: problem });
      }
    });

    it('counts an account made without the sign-up (demo, command line) as verified', async () => {
      const person = await createPerson(ctx.db, { email: newEmail('legacy') });
      expect((await signIn(person.email, person.password)).statusCode).toBe(200);
    });
  });
});

describe('SIGNUP=invite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ SIGNUP: 'invite' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses every sign-up with 403 signupClosed and tells the web app', async () => {
    for (const payload of [{}, { email: 'new@example.com' }]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/rest/signup',
        payload,
        headers: { 'content-language': 'en' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error).toMatchObject({
        code: 'signupClosed',
        message: 'New accounts are by invitation only.',
      });
    }
    expect(await ctx.db.selectFrom('person').select('id').execute()).toHaveLength(0);
    const config = await ctx.app.inject({ method: 'GET', url: '/rest/config' });
    expect(config.json()).toEqual({ signup: 'invite' });
  });

  it('tells the web app that sign-up is open by default', async () => {
    const open = await buildTestApp();
    try {
      expect((await open.app.inject({ method: 'GET', url: '/rest/config' })).json()).toEqual({
        signup: 'open',
      });
    } finally {
      await open.close();
    }
  });
});
