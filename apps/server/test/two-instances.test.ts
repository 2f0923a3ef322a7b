import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMail } from '../src/modules/mail/mail.templates.js';
import { queueMail } from '../src/modules/mail/outbox.service.js';
import { basicAuth, createPerson, dialect } from './helper.js';
import { baseEnv, buildServer, freePort, runProgram, type BuiltServer } from './support/built-server.js';
import { createServerDatabase, type ServerDatabase } from './support/server-database.js';

// Two processes of the built server on one PostgreSQL database and one Redis, as behind a load
// balancer (docs/operations.md#several-instances): sessions, sign-in counters and the mail
// outbox are shared, and either one can go away.

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance {
  base: string;
  child: ChildProcess;
  output: () => string;
}

async function startInstance(main: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], { env: { ...baseEnv(), ...env, PORT: String(port) } });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { base: `http://127.0.0.1:${port}`, child, output: () => output };
}

async function waitReady(instance: Instance): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (
      await fetch(`${instance.base}/rest/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (instance.child.exitCode !== null) throw new Error(`instance stopped: ${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance not ready: ${instance.output()}`);
}

describe.runIf(dialect === 'postgres' && process.env.TEST_REDIS !== '0')(
  'two server processes on PostgreSQL and Redis',
  () => {
    let built: BuiltServer;
    let database: ServerDatabase;
    let smtp: SMTPServer;
    const subjects: string[] = [];
    let a: Instance;
    let b: Instance;

    const call = (instance: Instance, path: string, init: RequestInit & { from?: string } = {}) =>
      fetch(`${instance.base}${path}`, {
        ...init,
        headers: {
          ...(init.headers as Record<string, string>),
          'x-forwarded-for': init.from ?? `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
        },
      });
    const signIn = async (instance: Instance, email: string, password: string, from?: string) =>
      call(instance, '/rest/auth', {
        method: 'POST',
        headers: { authorization: basicAuth(email, password) },
        ...(from ? { from } : {}),
      });
    const tokenFrom = async (instance: Instance, email: string, password: string) =>
      ((await (await signIn(instance, email, password)).json()) as { token: string }).token;
    const me = (instance: Instance, id: string, token: string) =>
      call(instance, `/rest/collection/person/${id}`, { headers: { authorization: `Bearer ${token}` } });

    beforeAll(async () => {
      built = buildServer();
      database = await createServerDatabase();
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, _session, callback) {
          let raw = '';
          stream.on('data', (c: Buffer) => (raw += c.toString()));
          stream.on('end', () => {
            subjects.push(/^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '');
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      const address = smtp.server.address();
      const smtpPort = typeof address === 'object' && address ? address.port : 0;
      const env = {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        HOST: '127.0.0.1',
        NODE_ENV: 'test',
        PORTAL_DEMO: '0',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'portal@example.com',
        CONTACT_TO: 'team@example.com',
        WEB_DIST: '/nonexistent',
      };
      [a, b] = await Promise.all([startInstance(built.main, env), startInstance(built.main, env)]);
      await Promise.all([waitReady(a), waitReady(b)]);
    }, 60_000);
    afterAll(async () => {
      for (const instance of [a, b]) if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await database.destroy();
      built.remove();
    });

    it('both answer ready', async () => {
      for (const instance of [a, b]) expect((await call(instance, '/rest/ready')).status).toBe(200);
    });

    it('accepts a token issued by the other process', async () => {
      const person = await createPerson(database.db);
      const token = await tokenFrom(a, person.email, person.password);
      expect((await me(b, person.id, token)).status).toBe(200);
    });

    it('ends a session on both at once when it is logged out on one', async () => {
      const person = await createPerson(database.db);
      const token = await tokenFrom(a, person.email, person.password);
      expect((await me(a, person.id, token)).status).toBe(200); // known (and cached, if anything caches) on a
      expect(
        (await call(b, '/rest/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(204);
      expect((await me(a, person.id, token)).status).toBe(401);
    });

    it('ends the other sessions on both at once when the password changes on one', async () => {
      const person = await createPerson(database.db, { password: 'the first password' });
      const onA = await tokenFrom(a, person.email, person.password);
      const onB = await tokenFrom(b, person.email, person.password);
      expect((await me(b, person.id, onB)).status).toBe(200);
      const change = await call(a, `/rest/collection/person/${person.id}/password`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${onA}`, 'content-type': 'application/json' },
        body: JSON.stringify({ passwordActual: 'the first password', password: 'a second password 2' }),
      });
      expect(change.status).toBe(204);
      expect((await me(b, person.id, onB)).status).toBe(401);
      expect((await me(a, person.id, onA)).status).toBe(200);
    });

    it('ends every session on both at once when the command line disables the person', async () => {
      const person = await createPerson(database.db);
      const onA = await tokenFrom(a, person.email, person.password);
      const onB = await tokenFrom(b, person.email, person.password);
      expect((await me(a, person.id, onA)).status).toBe(200);
      expect((await me(b, person.id, onB)).status).toBe(200);
      const disable = await runProgram([built.cli, 'user:disable', '--email', person.email], {
        env: { DATABASE_URL: database.url, REDIS_URL: redisUrl },
      });
      expect(disable.code).toBe(0);
      for (const [instance, token] of [
        [a, onA],
        [b, onB],
        [a, onB],
        [b, onA],
      ] as const) {
        expect((await me(instance, person.id, token)).status).toBe(401);
      }
      // The right password of a disabled account is told so (a wrong one still gets 401).
      expect((await signIn(b, person.email, person.password)).status).toBe(403);
    });

    it('counts failed sign-ins on both together', async () => {
      const person = await createPerson(database.db);
      const from = `198.19.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      for (let i = 0; i < 10; i++) {
        expect((await signIn(i % 2 === 0 ? a : b, person.email, 'wrong password', from)).status).toBe(401);
      }
      for (const instance of [a, b])
        expect((await signIn(instance, person.email, person.password, from)).status).toBe(429);
    });

    it('sends each mail exactly once while both run their outbox workers', async () => {
      for (const [instance, name] of [
        [a, 'Anna'],
        [b, 'Bert'],
      ] as const) {
        const res = await call(instance, '/rest/collection/contactform/send', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `firstname=${name}&subname=Kunde&email=${name.toLowerCase()}%40example.com&terms=1`,
        });
        expect(res.status).toBe(200);
      }
      // A backlog both workers see at the same moment: each mail still goes out once.
      for (let i = 0; i < 20; i++) {
        await queueMail(
          database.db,
          {
            kind: 'test',
            to: `r${i}@example.com`,
            language: 'de',
            content: { ...testMail('de'), subject: `Rueckstau ${i}` },
          },
          new Date(),
        );
      }
      const expected = [
        'Kontaktanfrage von Anna Kunde',
        'Kontaktanfrage von Bert Kunde',
        ...Array.from({ length: 20 }, (_, i) => `Rueckstau ${i}`),
      ];
      // The earlier tests' sign-ins come from ever new addresses without a cookie: their "new
      // sign-in" mails are not this test's (each went out once too, or the count would show it).
      const ours = () => subjects.filter((subject) => subject !== 'Neue Anmeldung');
      for (let waited = 0; waited < 150 && ours().length < expected.length; waited++)
        await new Promise((r) => setTimeout(r, 100));
      await new Promise((resolve) => setTimeout(resolve, 2500)); // both poll every second: a duplicate would arrive by now
      expect(ours().sort()).toEqual(expected.sort());
    });

    it('shows a catalogue imported with the command line on both at once', async () => {
      const list = async (instance: Instance) =>
        ((await (await call(instance, '/rest/collection/service')).json()) as Array<{ id: string }>).map(
          (s) => s.id,
        );
      expect(await list(a)).toEqual([]); // both now hold the empty list in their caches
      expect(await list(b)).toEqual([]);
      const dir = mkdtempSync(join(tmpdir(), 'portal-catalogue-'));
      try {
        mkdirSync(join(dir, 'services', 'newService'), { recursive: true });
        const text = { de: 'Neu', en: 'New' };
        writeFileSync(
          join(dir, 'services', 'newService', 'service.json'),
          JSON.stringify({
            id: 'newService',
            category: 'data',
            name: text,
            descriptionShort: text,
            description: text,
            accounting: 'monthly',
            pricePer1000CallsCents: 0,
            monthlyFeeCents: 990,
            singlePaymentCents: 0,
            demoHref: null,
            dataCopyright: null,
            dataLastUpdate: null,
            integrationCode: {
              type: 'html',
              template: '<div data-key="{{licenceKey}}"></div>',
              backendTemplate: null,
            },
            settingsForm: null,
            logo: null,
            thumbnail: null,
            gallery: [],
          }),
        );
        const imported = await runProgram([built.cli, 'catalogue:import', dir], {
          env: { DATABASE_URL: database.url, REDIS_URL: redisUrl },
        });
        expect(imported).toMatchObject({ code: 0, stderr: '' });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(await list(a)).toEqual(['newService']);
      expect(await list(b)).toEqual(['newService']);
    });

    it('keeps serving on one when the other is killed', async () => {
      const person = await createPerson(database.db);
      const token = await tokenFrom(a, person.email, person.password);
      a.child.kill('SIGKILL');
      await new Promise((resolve) => a.child.once('close', resolve));
      expect((await call(b, '/rest/ready')).status).toBe(200);
      expect((await me(b, person.id, token)).status).toBe(200);
      expect((await signIn(b, person.email, person.password)).status).toBe(200);
    });

    it('stops cleanly on SIGTERM, its outbox worker included', async () => {
      const closed = new Promise<number | null>((resolve) => b.child.once('close', resolve));
      b.child.kill('SIGTERM');
      expect(await closed).toBe(0);
    });
  },
);
