import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnSession } from '@portal/contract/session';
import { SESSION_CLIENT_LIMITS } from '@portal/contract/session';
import { maskAddress } from '../src/modules/auth/session-client.js';
import { createMailSender } from '../src/modules/mail/mail-sender.js';
import { OutboxWorker } from '../src/modules/mail/outbox-worker.js';
import {
  basicAuth,
  bearer,
  buildTestApp,
  createPerson,
  type TestContext,
  type TestPerson,
} from './helper.js';
import { freePort } from './support/built-server.js';
import { linkIn, startMailbox, type Mailbox } from './support/mailbox.js';

// A person's own sessions on both dialects (docs/security.md#own-sessions): the list (browser and
// system in words, address masked, this session marked), ending one or all others (refused at
// once), only ever the caller's own; and the "new sign-in" mail for a browser not used before,
// through a real SMTP server.

const PUBLIC_URL = 'https://portal.example.com';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('own sessions', () => {
  let ctx: TestContext;
  /** The app's clock runs this far ahead of the real one; the mail-gap test moves it. */
  let offset = 0;
  const clock = { now: () => new Date(Date.now() + offset) };
  let mailbox: Mailbox;
  let worker: OutboxWorker;

  beforeAll(async () => {
    const smtpPort = await freePort();
    mailbox = await startMailbox(smtpPort);
    ctx = await buildTestApp({ PUBLIC_URL }, { clock });
    worker = new OutboxWorker(
      ctx.db,
      createMailSender(`smtp://127.0.0.1:${smtpPort}`, 'portal@example.com'),
      ctx.app.log,
      ctx.app.clock,
      {
        pollMs: 50,
        baseDelayMs: 50,
        maxDelayMs: 50,
        maxAttempts: 3,
        leaseMs: 10_000,
      },
    );
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await ctx?.close();
    await mailbox?.close();
  });

  /** Signs in from a browser: its user agent, address and device cookie (none: a browser never seen). */
  async function signIn(
    person: TestPerson,
    browser: { userAgent?: string; address?: string; device?: string } = {},
  ): Promise<{ token: string; device: string }> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/auth',
      remoteAddress: browser.address ?? '203.0.113.45',
      headers: {
        authorization: basicAuth(person.email, person.password),
        ...(browser.userAgent !== undefined ? { 'user-agent': browser.userAgent } : {}),
        ...(browser.device ? { cookie: `other=1; portal_device=${browser.device}` } : {}),
      },
    });
    expect(res.statusCode).toBe(200);
    const set = res.cookies.find((c) => c.name === 'portal_device');
    if (browser.device) expect(set).toBeUndefined();
    else {
      expect(set).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/rest' });
      expect(set?.maxAge).toBeGreaterThan(300 * 24 * 60 * 60);
    }
    return { token: res.json<{ token: string }>().token, device: browser.device ?? set!.value };
  }

  const list = (person: TestPerson, token: string, oid = person.id) =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${oid}/session`, headers: bearer(token) });
  const end = (oid: string, token: string, id?: string) =>
    ctx.app.inject({
      method: 'DELETE',
      url: `/rest/collection/person/${oid}/session${id ? `/${id}` : ''}`,
      headers: bearer(token),
    });
  const me = (person: TestPerson, token: string) =>
    ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: bearer(token) });
  const mailsTo = (email: string) =>
    ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', email).orderBy('createdAt').execute();

  it('lists the sessions newest first: browser and system in words, address masked, this one marked', async () => {
    const person = await createPerson(ctx.db);
    const firefox = await signIn(person, { userAgent: FIREFOX, address: '198.51.100.23' });
    const safari = await signIn(person, { userAgent: SAFARI, address: '2001:db8:85a3::8a2e:370:7334' });
    const res = await list(person, safari.token);
    expect(res.statusCode).toBe(200);
    const sessions = res.json<OwnSession[]>();
    expect(sessions).toHaveLength(2);
    const [newest, older] = sessions;
    expect(newest).toMatchObject({
      browser: 'Safari 17',
      system: 'macOS Catalina',
      address: '2001:db8:85a3:0:*',
      current: true,
    });
    expect(older).toMatchObject({
      browser: 'Firefox 128',
      system: 'Windows 10',
      address: '198.51.100.*',
      current: false,
    });
    expect(Date.parse(older!.createdAt)).toBeLessThanOrEqual(Date.parse(newest!.createdAt));
    expect(older!.lastUsedAt).toBe(older!.createdAt);
    // The full address and user agent never leave the server.
    expect(res.body).not.toContain('198.51.100.23');
    expect(res.body).not.toContain('7334');
    expect(res.body).not.toContain('Gecko');
    // From the other browser, that one is "this device".
    const fromFirefox = (await list(person, firefox.token)).json<OwnSession[]>();
    expect(fromFirefox.map((s) => s.current)).toEqual([false, true]);
  });

  it('stores a bounded user agent and shows an unknown browser as null', async () => {
    const person = await createPerson(ctx.db);
    const long = `${FIREFOX} ${'x'.repeat(2000)}`;
    const first = await signIn(person, { userAgent: long });
    await signIn(person, { userAgent: '' });
    const rows = await ctx.db
      .selectFrom('session')
      .select('userAgent')
      .where('personId', '=', person.id)
      .execute();
    expect(rows.map((r) => r.userAgent.length).sort((a, b) => a - b)).toEqual([
      0,
      SESSION_CLIENT_LIMITS.userAgent,
    ]);
    const sessions = (await list(person, first.token)).json<OwnSession[]>();
    expect(sessions.find((s) => !s.current)).toMatchObject({ browser: null, system: null });
    expect(sessions.find((s) => s.current)).toMatchObject({ browser: 'Firefox 128' });
  });

  it('masks addresses: the last IPv4 octet, all but the first four IPv6 groups', () => {
    expect(maskAddress('192.0.2.200')).toBe('192.0.2.*');
    expect(maskAddress('::ffff:192.0.2.200')).toBe('192.0.2.*');
    expect(maskAddress('2001:DB8:0001:0002:0003:0004:0005:0006')).toBe('2001:db8:1:2:*');
    expect(maskAddress('::1')).toBe('0:0:0:0:*');
    expect(maskAddress('fe80::1')).toBe('fe80:0:0:0:*');
    expect(maskAddress('not an address')).toBeNull();
  });

  it('ends one session: its token is refused at once, the others keep working', async () => {
    const person = await createPerson(ctx.db);
    const a = await signIn(person);
    const b = await signIn(person, { device: a.device });
    // b has just been used (and its lookup remembered): ending it must still take effect at once.
    expect((await me(person, b.token)).statusCode).toBe(200);
    const sessionB = (await list(person, b.token)).json<OwnSession[]>().find((s) => s.current)!;
    const ended = await end(person.id, a.token, sessionB.id);
    expect(ended.statusCode).toBe(204);
    expect((await me(person, b.token)).statusCode).toBe(401);
    expect((await me(person, a.token)).statusCode).toBe(200);
    expect((await list(person, a.token)).json<OwnSession[]>()).toHaveLength(1);
    // Ended already: not found.
    expect((await end(person.id, a.token, sessionB.id)).statusCode).toBe(404);
  });

  it('ends every other session and keeps this one', async () => {
    const person = await createPerson(ctx.db);
    const a = await signIn(person);
    const b = await signIn(person, { device: a.device });
    const c = await signIn(person);
    for (const t of [a, b, c]) expect((await me(person, t.token)).statusCode).toBe(200);
    expect((await end(person.id, b.token)).statusCode).toBe(204);
    expect((await me(person, a.token)).statusCode).toBe(401);
    expect((await me(person, c.token)).statusCode).toBe(401);
    expect((await me(person, b.token)).statusCode).toBe(200);
    expect((await list(person, b.token)).json<OwnSession[]>().map((s) => s.current)).toEqual([true]);
  });

  it("never shows or ends someone else's sessions", async () => {
    const owner = await createPerson(ctx.db);
    const stranger = await createPerson(ctx.db);
    const ownerSession = await signIn(owner);
    const strangerSession = await signIn(stranger);
    const ownerId = (await list(owner, ownerSession.token)).json<OwnSession[]>()[0]!.id;

    // Someone else's person id: not found, as the other person routes answer.
    const theirs = await list(owner, strangerSession.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(ownerId);
    expect((await end(owner.id, strangerSession.token)).statusCode).toBe(404);
    expect((await end(owner.id, strangerSession.token, ownerId)).statusCode).toBe(404);
    // Someone else's session id under one's own person id: not found, and it stays.
    expect((await end(stranger.id, strangerSession.token, ownerId)).statusCode).toBe(404);
    expect((await me(owner, ownerSession.token)).statusCode).toBe(200);
    // Ending "all others" of one's own leaves other people's sessions alone.
    expect((await end(stranger.id, strangerSession.token)).statusCode).toBe(204);
    expect((await me(owner, ownerSession.token)).statusCode).toBe(200);
    // Without a session: 401; a malformed id: 400.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/rest/collection/person/${owner.id}/session` }))
        .statusCode,
    ).toBe(401);
    expect((await end(owner.id, ownerSession.token, 'no-such!id')).statusCode).toBe(400);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/rest/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    }>();
    const list = doc.paths['/rest/collection/person/{oid}/session'];
    const one = doc.paths['/rest/collection/person/{oid}/session/{id}'];
    expect(list?.get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(list?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404']));
    expect(Object.keys(list?.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204', '401']));
    expect(Object.keys(one?.delete?.responses ?? {})).toEqual(expect.arrayContaining(['204', '401', '404']));
  });

  describe('the new-sign-in mail', () => {
    it('is not sent for the first browser, nor for a browser used before', async () => {
      const person = await createPerson(ctx.db);
      const first = await signIn(person, { userAgent: FIREFOX });
      await signIn(person, { userAgent: FIREFOX, device: first.device });
      expect(await mailsTo(person.email)).toEqual([]);
    });

    it('is sent for a browser not used before, in the person’s language, with the link to the sessions', async () => {
      const person = await createPerson(ctx.db);
      await signIn(person, { userAgent: FIREFOX });
      await signIn(person, { userAgent: SAFARI, address: '198.51.100.77' });
      const mail = await mailbox.mailTo(person.email);
      expect(mail.text).toContain('Browser: Safari 17');
      expect(mail.text).toContain('System: macOS Catalina');
      expect(mail.text).toContain('Adresse: 198.51.100.*');
      expect(mail.text).not.toContain('198.51.100.77');
      expect(linkIn(mail, PUBLIC_URL)).toBe(`${PUBLIC_URL}/profile#sessions`);
      const [queued] = await mailsTo(person.email);
      expect(queued).toMatchObject({ kind: 'new-sign-in', subject: 'Neue Anmeldung', language: 'de' });

      const english = await createPerson(ctx.db);
      await ctx.db.updateTable('person').set({ language: 'en' }).where('id', '=', english.id).execute();
      await signIn(english);
      await signIn(english, { userAgent: FIREFOX, address: '2001:db8::1' });
      const englishMail = await mailbox.mailTo(english.email);
      expect(englishMail.text).toContain('Address: 2001:db8:0:0:*');
      expect(englishMail.text).toContain('Hello Erika Mustermann,');
      expect((await mailsTo(english.email))[0]).toMatchObject({ subject: 'New sign-in', language: 'en' });
    });

    it('is not sent again and again for a script without cookies, nor more than once an hour', async () => {
      const person = await createPerson(ctx.db);
      await signIn(person, { userAgent: FIREFOX });
      // A script through the API: the same user agent and address each time, never a cookie.
      for (let i = 0; i < 4; i++)
        await signIn(person, { userAgent: 'deploy-script/1.0', address: '192.0.2.10' });
      expect((await mailsTo(person.email)).map((m) => m.kind)).toEqual(['new-sign-in']);
      // New browsers from new addresses, one after another: the first mail said it; an hour
      // later the next one is mailed again, and the script's sign-ins still are not.
      for (let i = 0; i < 4; i++)
        await signIn(person, { userAgent: SAFARI, address: `198.51.100.${100 + i}` });
      expect(await mailsTo(person.email)).toHaveLength(1);
      offset += 61 * 60 * 1000;
      try {
        await signIn(person, { userAgent: 'deploy-script/1.0', address: '192.0.2.10' });
        expect(await mailsTo(person.email)).toHaveLength(1);
        await signIn(person, { userAgent: SAFARI, address: '198.51.100.200' });
        expect(await mailsTo(person.email)).toHaveLength(2);
      } finally {
        offset = 0;
      }
    });

    it('is not sent for the first sign-in of a new account (its confirmation link)', async () => {
      const email = `neu-${Date.now()}@example.com`;
      const signup = await ctx.app.inject({
        method: 'POST',
        url: '/rest/signup',
        remoteAddress: '192.0.2.61',
        payload: {
          salutation: 'f',
          firstname: 'Kim',
          lastname: 'Neu',
          company: '',
          email,
          password: 'a fresh passphrase',
          language: 'en',
          terms: true,
        },
      });
      expect(signup.statusCode).toBe(202);
      const [link] = await mailsTo(email);
      const token = /token=([A-Za-z0-9_-]{43})/.exec(link!.textBody)![1]!;
      const verified = await ctx.app.inject({
        method: 'POST',
        url: '/rest/auth/verify',
        remoteAddress: '192.0.2.61',
        payload: { token, password: 'a fresh passphrase' },
      });
      expect(verified.statusCode).toBe(200);
      expect(verified.cookies.find((c) => c.name === 'portal_device')).toBeDefined();
      expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['verify-email']);
    });
  });
});
