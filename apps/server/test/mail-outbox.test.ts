import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailSender } from '../src/modules/mail/mail-sender.js';
import { testMail } from '../src/modules/mail/mail.templates.js';
import { OutboxWorker, type OutboxWorkerOptions } from '../src/modules/mail/outbox-worker.js';
import { queueMail } from '../src/modules/mail/outbox.service.js';
import { bearer, buildTestApp, createPerson, dialect, form, login, type TestContext } from './helper.js';
import { buildServer, runProgram, type BuiltServer } from './support/built-server.js';

// The mail outbox against a real SMTP server on 127.0.0.1 (the smtp-server package): mails are
// stored with their cause, sent by workers, retried while the server refuses, sent once.

interface Received {
  from: string;
  to: string[];
  raw: string;
}

interface TestSmtp {
  url: string;
  received: Received[];
  /** Times at which a mail was refused. */
  refusals: number[];
  /** Refuse (451, try again later) while this says so. */
  refuse: () => boolean;
  /** Runs before a mail's data is accepted (to hold a mail in flight). */
  beforeAccept: () => Promise<void>;
  close: () => Promise<void>;
}

async function startSmtp(): Promise<TestSmtp> {
  const smtp: Omit<TestSmtp, 'url' | 'close'> = {
    received: [],
    refusals: [],
    refuse: () => false,
    beforeAccept: () => Promise.resolve(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (!smtp.refuse()) return callback();
      smtp.refusals.push(Date.now());
      callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void smtp.beforeAccept().then(() => {
          smtp.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return Object.assign(smtp, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const FAST: OutboxWorkerOptions = {
  pollMs: 20,
  baseDelayMs: 80,
  maxDelayMs: 1000,
  maxAttempts: 5,
  leaseMs: 30_000,
};

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Header value of a raw mail (unfolded). */
const header = (raw: string, name: string): string | undefined =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ');

describe('mail outbox', () => {
  let smtp: TestSmtp;
  let ctx: TestContext;
  const workers: OutboxWorker[] = [];
  const startWorker = (options: Partial<OutboxWorkerOptions> = {}): OutboxWorker => {
    const worker = new OutboxWorker(
      ctx.db,
      createMailSender(smtp.url, 'Portal <portal@example.com>'),
      ctx.app.log,
      ctx.app.clock,
      { ...FAST, ...options },
    );
    workers.push(worker);
    worker.start();
    return worker;
  };
  const outbox = () => ctx.db.selectFrom('mailOutbox').selectAll().orderBy('createdAt').execute();

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await buildTestApp({
      CONTACT_TO: 'team@example.com',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Portal <portal@example.com>',
    });
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await ctx.db.deleteFrom('mailOutbox').execute();
    smtp.received.length = 0;
    smtp.refusals.length = 0;
    smtp.refuse = () => false;
    smtp.beforeAccept = () => Promise.resolve();
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('stores a contact request together with its mail, which a worker delivers as text and HTML from MAIL_FROM', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/rest/collection/contactform/send',
      remoteAddress: '192.0.2.10',
      ...form(
        'firstname=Max&subname=Muster&email=max%40example.com&terms=1&message=Bitte%20um%20R%C3%BCckruf',
      ),
      headers: { ...form('').headers, 'content-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const [queued] = await outbox();
    expect(queued).toMatchObject({
      kind: 'contact',
      toAddress: 'team@example.com',
      replyTo: 'max@example.com',
      state: 'queued',
      attempts: 0,
    });
    expect(smtp.received).toHaveLength(0); // nothing is sent inline

    startWorker();
    await until(async () => (await outbox())[0]?.state === 'sent');
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('portal@example.com');
    expect(mail?.to).toEqual(['team@example.com']);
    expect(header(mail?.raw ?? '', 'From')).toBe('Portal <portal@example.com>');
    expect(header(mail?.raw ?? '', 'Reply-To')).toBe('max@example.com');
    // The team's mail is German; it names the language the person used.
    expect(header(mail?.raw ?? '', 'Subject')).toBe('Kontaktanfrage von Max Muster');
    expect(mail?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(mail?.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    expect(mail?.raw).toContain('Sprache: en');
    expect((await outbox())[0]).toMatchObject({
      state: 'sent',
      attempts: 1,
      lastError: null,
      lockedUntil: null,
    });
  });

  it('retries with growing pauses while the mail server refuses, and delivers the mail once after', async () => {
    let refusalsLeft = 3;
    smtp.refuse = () => refusalsLeft-- > 0;
    await queueMail(
      ctx.db,
      {
        kind: 'test',
        to: 'someone@example.com',
        language: 'en',
        content: testMail('en'),
      },
      ctx.app.clock.now(),
    );
    startWorker();
    await until(async () => (await outbox())[0]?.state === 'sent');
    await new Promise((resolve) => setTimeout(resolve, 200)); // a second delivery would show now
    expect(smtp.received).toHaveLength(1);
    expect(header(smtp.received[0]?.raw ?? '', 'Subject')).toBe('Test mail from the portal');
    expect(smtp.refusals).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = smtp.refusals;
    // 80 ms after the first refusal, then 160 ms (pauses only get longer on a busy machine).
    expect(second - first).toBeGreaterThanOrEqual(75);
    expect(third - second).toBeGreaterThanOrEqual(155);
    expect((await outbox())[0]).toMatchObject({ state: 'sent', attempts: 4, lastError: null });
  });

  it('keeps the last error and the attempts while retrying, and marks the mail failed after the last attempt', async () => {
    smtp.refuse = () => true;
    await queueMail(
      ctx.db,
      {
        kind: 'test',
        to: 'someone@example.com',
        language: 'de',
        content: testMail('de'),
      },
      ctx.app.clock.now(),
    );
    startWorker({ maxAttempts: 3 });
    await until(async () => (await outbox())[0]?.attempts === 1);
    await until(async () => (await outbox())[0]?.lastError !== null);
    expect((await outbox())[0]).toMatchObject({ state: 'queued', lastError: expect.stringContaining('451') });
    await until(async () => (await outbox())[0]?.state === 'failed');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await outbox())[0]).toMatchObject({
      state: 'failed',
      attempts: 3,
      lastError: expect.stringContaining('try again later'),
    });
    expect(smtp.refusals).toHaveLength(3);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends every mail exactly once while two workers share the queue', async () => {
    for (let i = 0; i < 20; i++) {
      await queueMail(
        ctx.db,
        {
          kind: 'test',
          to: `r${i}@example.com`,
          language: 'de',
          content: { ...testMail('de'), subject: `Mail ${i}` },
        },
        ctx.app.clock.now(),
      );
    }
    startWorker();
    startWorker();
    await until(async () => (await outbox()).every((m) => m.state === 'sent'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const subjects = smtp.received.map((m) => header(m.raw, 'Subject')).sort();
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `Mail ${i}`).sort());
    expect((await outbox()).every((m) => m.attempts === 1)).toBe(true);
  });

  it('stops cleanly: the mail in flight is delivered and recorded before stop() resolves', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inFlight = false;
    smtp.beforeAccept = () => {
      inFlight = true;
      return held;
    };
    await queueMail(
      ctx.db,
      {
        kind: 'test',
        to: 'someone@example.com',
        language: 'de',
        content: testMail('de'),
      },
      ctx.app.clock.now(),
    );
    const worker = startWorker();
    await until(() => inFlight);
    const stopped = worker.stop();
    setTimeout(release, 200);
    await stopped;
    expect(smtp.received).toHaveLength(1);
    expect((await outbox())[0]?.state).toBe('sent');
  });

  it('shows the outbox with each state to admins only', async () => {
    await queueMail(
      ctx.db,
      {
        kind: 'test',
        to: 'someone@example.com',
        language: 'de',
        content: testMail('de'),
      },
      ctx.app.clock.now(),
    );
    const admin = await createPerson(ctx.db, { isAdmin: 1 });
    const customer = await createPerson(ctx.db);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/mail?state=queued',
      headers: bearer(await login(ctx.app, admin)),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      items: [
        expect.objectContaining({
          to: 'someone@example.com',
          subject: 'Testmail des Portals',
          state: 'queued',
          attempts: 0,
          lastError: null,
        }),
      ],
    });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/rest/collection/admin/mail',
      headers: bearer(await login(ctx.app, customer)),
    });
    expect(refused.statusCode).toBe(403);
  });

  // The command sends directly, without the database: once is enough.
  describe.runIf(dialect === 'sqlite')('portal mail:test', () => {
    let built: BuiltServer;
    beforeAll(() => {
      built = buildServer();
    });
    afterAll(() => built.remove());

    it('sends a test mail in the chosen language at once, and says plainly when it cannot', async () => {
      const env = { SMTP_URL: smtp.url, MAIL_FROM: 'portal@example.com' };
      const sent = await runProgram([built.cli, 'mail:test', '--to', 'ops@example.com', '--language', 'en'], {
        env,
      });
      expect(sent).toMatchObject({
        code: 0,
        stdout: `Test mail sent to ops@example.com through ${smtp.url}\n`,
      });
      expect(smtp.received.map((m) => header(m.raw, 'Subject'))).toEqual(['Test mail from the portal']);

      smtp.refuse = () => true;
      const refused = await runProgram([built.cli, 'mail:test', '--to', 'ops@example.com'], { env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^portal mail:test: the mail server refused the test mail: .*451/);
      const unset = await runProgram([built.cli, 'mail:test', '--to', 'ops@example.com'], { env: {} });
      expect(unset).toMatchObject({
        code: 1,
        stderr: 'portal mail:test: SMTP_URL and MAIL_FROM must be set to send mail\n',
      });
      const badAddress = await runProgram([built.cli, 'mail:test', '--to', 'nobody'], { env });
      expect(badAddress.code).toBe(2);
    });
  });
});
