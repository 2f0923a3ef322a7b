import { spawn, spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { basicAuth, bearer, createPerson } from './helper.js';
import { baseEnv, buildServer, runProgram, type BuiltServer } from './support/built-server.js';
import { createServerDatabase, type ServerDatabase } from './support/server-database.js';

// The `portal` command line as an operator runs it: the built dist/cli.js as a child process,
// on a database of its own (SQLite file or PostgreSQL database), checked through the API.

describe('portal command line: setup and accounts', () => {
  let built: BuiltServer;
  let database: ServerDatabase;
  let app: FastifyInstance;
  const portal = (args: string[], input?: string, env: Record<string, string> = {}) =>
    runProgram([built.cli, ...args], {
      env: { DATABASE_URL: database.url, ...env },
      ...(input === undefined ? {} : { input }),
    });
  const signIn = (email: string, password: string) =>
    app.inject({ method: 'POST', url: '/rest/auth', headers: { authorization: basicAuth(email, password) } });

  beforeAll(async () => {
    built = buildServer();
    database = await createServerDatabase({ migrate: false });
    const migrated = await portal(['migrate']);
    expect(migrated.stdout).toMatch(/^Database migrated: 0001-initial-schema, 0002-operators/);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url }),
      db: database.db,
      dialect: database.dialect,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    built.remove();
  });

  it('lists every command with --help, and shows the options of one', async () => {
    const overview = await portal(['--help']);
    expect(overview.code).toBe(0);
    for (const command of [
      'migrate',
      'seed',
      'user:add',
      'user:passwd',
      'user:admin',
      'user:disable',
      'user:enable',
      'user:list',
      'user:mfa-reset',
      'catalogue:export',
      'catalogue:import',
      'translations:export',
      'translations:import',
      'usage:import',
      'backup',
      'mail:test',
    ]) {
      expect(overview.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    }
    const userAdd = await portal(['user:add', '--help']);
    expect(userAdd.code).toBe(0);
    expect(userAdd.stdout).toContain('--language de|en');
    expect(userAdd.stdout).toContain('never taken from the command line');
    const none = await portal([]);
    expect(none.code).toBe(2);
  });

  it('invites with user:add --invite: no password asked, the mail queued, its link sets the password', async () => {
    const env = { PUBLIC_URL: 'https://portal.example.com' };
    const run = await portal(
      ['user:add', '--email', 'Invited@Example.com', '--firstname', 'Ina', '--language', 'en', '--invite'],
      undefined,
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Invited customer invited@example\.com \(id \w+\)/);
    const mail = await database.db
      .selectFrom('mailOutbox')
      .selectAll()
      .where('toAddress', '=', 'invited@example.com')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'invitation', language: 'en', state: 'queued' });
    const token = /https:\/\/portal\.example\.com\/reset-password\?token=([\w-]{43})/.exec(
      mail.textBody,
    )?.[1];
    expect((await signIn('invited@example.com', 'any passphrase at all')).statusCode).toBe(401);
    const reset = await app.inject({
      method: 'POST',
      url: '/rest/password/reset',
      payload: { token, password: 'chosen passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('invited@example.com', 'chosen passphrase')).statusCode).toBe(200);

    const again = await portal(['user:add', '--email', 'invited@example.com', '--invite'], undefined, env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('invited@example.com is already in use');
  });

  it('says the database is up to date on a second migrate, and refuses commands on an unmigrated database', async () => {
    const again = await portal(['migrate']);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Database is up to date/);
    const empty = await createServerDatabase({ migrate: false });
    try {
      const run = await runProgram([built.cli, 'user:list'], { env: { DATABASE_URL: empty.url } });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(
        /^portal user:list: the database is not up to date \(.*\): run portal migrate first\n$/,
      );
    } finally {
      await empty.destroy();
    }
  });

  it('adds a customer with the password from standard input, who can then sign in', async () => {
    const run = await portal(
      [
        'user:add',
        '--email',
        'Kunde@Example.com',
        '--firstname',
        'Kim',
        '--lastname',
        'Kunde',
        '--company',
        'Kunde AG',
        '--language',
        'en',
      ],
      'a long enough secret\n',
    );
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Added customer kunde@example.com \(id [A-Za-z0-9]+\)\n$/);
    const res = await signIn('kunde@example.com', 'a long enough secret');
    expect(res.statusCode).toBe(200);
    const person = await app.inject({
      method: 'GET',
      url: `/rest/collection/person/${res.json<{ oid: string }>().oid}`,
      headers: bearer(res.json<{ token: string }>().token),
    });
    expect(person.json()).toMatchObject({
      email: 'kunde@example.com',
      firstname: 'Kim',
      company: 'Kunde AG',
      language: 'en',
      isAdmin: false,
    });
  });

  it.each([
    [
      ['user:add', '--email', 'x@example.com', '--password', 'secret123'],
      'secret123\n',
      /passwords are never read from the command line/,
    ],
    [
      ['user:add', '--email', 'x@example.com', '--password=secret123'],
      'secret123\n',
      /passwords are never read from the command line/,
    ],
    [['user:add', '--email', 'not-an-address'], 'secret123\n', /invalid --email/],
    [
      ['user:add', '--email', 'x@example.com', '--language', 'fr'],
      'secret123\n',
      /--language must be one of de, en/,
    ],
    [['user:add', '--email', 'x@example.com'], '', /no password on standard input/],
    [['user:add', '--email', 'x@example.com'], 'short\n', /invalid password/],
    [['user:add', '--firstname', 'X'], 'secret123\n', /--email is required/],
    [['user:add', '--email', 'x@example.com', '--colour', 'red'], 'secret123\n', /unknown option --colour/],
    [['user:add', '--email'], 'secret123\n', /--email needs a value/],
    [['user:admin', '--email', 'x@example.com'], undefined, /exactly one of --on and --off/],
  ])('refuses %j with exit code 2 and one line', async (args, input, message) => {
    const run = await portal(args, input);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect((await signIn('x@example.com', 'secret123')).statusCode).toBe(401);
  });

  it('refuses an address that is taken, and names people it does not know', async () => {
    await createPerson(database.db, { email: 'taken@example.com' });
    const taken = await portal(['user:add', '--email', 'TAKEN@example.com'], 'secret1234\n');
    expect(taken).toMatchObject({
      code: 1,
      stderr: 'portal user:add: TAKEN@example.com is already in use\n',
    });
    const unknown = await portal(['user:disable', '--email', 'nobody@example.com']);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'portal user:disable: no person with the e-mail address nobody@example.com\n',
    });
  });

  it('sets a new password and ends every session of the person', async () => {
    const person = await createPerson(database.db, { password: 'the old password' });
    const token = (await signIn(person.email, person.password)).json<{ token: string }>().token;
    const run = await portal(['user:passwd', '--email', person.email], 'the new password\n');
    expect(run.code).toBe(0);
    const me = await app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(person.email, 'the old password')).statusCode).toBe(401);
    expect((await signIn(person.email, 'the new password')).statusCode).toBe(200);
  });

  it('disables a person at once (sessions end, sign-in refused) and enables them again', async () => {
    const person = await createPerson(database.db);
    const token = (await signIn(person.email, person.password)).json<{ token: string }>().token;
    expect((await portal(['user:disable', '--email', person.email])).stdout).toBe(
      `${person.email} is now disabled\n`,
    );
    const me = await app.inject({
      method: 'GET',
      url: `/rest/collection/person/${person.id}`,
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(401);
    expect((await signIn(person.email, person.password)).statusCode).toBe(403);
    expect((await portal(['user:disable', '--email', person.email])).stdout).toBe(
      `${person.email} was already disabled\n`,
    );
    expect((await portal(['user:enable', '--email', person.email])).code).toBe(0);
    expect((await signIn(person.email, person.password)).statusCode).toBe(200);
  });

  it('grants and removes admin rights, but never from the last active admin', async () => {
    const [only] = await database.db.selectFrom('person').select('email').where('isAdmin', '=', 1).execute();
    expect(only).toBeUndefined(); // no admin yet in this database
    const first = await createPerson(database.db);
    const second = await createPerson(database.db);
    expect((await portal(['user:admin', '--email', first.email, '--on'])).stdout).toBe(
      `${first.email} is now an admin\n`,
    );
    // An invited admin cannot sign in before choosing a password: they do not count.
    const invited = await portal(
      ['user:add', '--email', 'invited-admin@example.com', '--admin', '--invite'],
      undefined,
      {
        PUBLIC_URL: 'https://portal.example.com',
      },
    );
    expect(invited.code).toBe(0);
    // Admins are told about the second factor they need (docs/security.md#two-factor-sign-in).
    expect(invited.stdout).toContain('403 mfaRequired');
    const lastOff = await portal(['user:admin', '--email', first.email, '--off']);
    expect(lastOff).toMatchObject({
      code: 1,
      stderr: `portal user:admin: ${first.email} is the last admin who can sign in: make another person admin first (an invited admin counts once they have chosen a password)\n`,
    });
    expect((await portal(['user:disable', '--email', first.email])).code).toBe(1);
    expect((await portal(['user:admin', '--email', 'invited-admin@example.com', '--off'])).code).toBe(0);

    await portal(['user:admin', '--email', second.email, '--on']);
    expect((await portal(['user:disable', '--email', first.email])).code).toBe(0);
    // The second is now the only active admin; a disabled admin does not count.
    expect((await portal(['user:admin', '--email', second.email, '--off'])).code).toBe(1);
    const token = (await signIn(second.email, second.password)).json<{ token: string }>().token;
    const report = await app.inject({
      method: 'GET',
      url: '/rest/collection/admin/projects',
      headers: bearer(token),
    });
    expect(report.statusCode).toBe(200);
  });

  it("removes a person's second factors with user:mfa-reset, audited; the password alone signs in again", async () => {
    const person = await createPerson(database.db);
    const now = new Date().toISOString();
    await database.db
      .insertInto('personTotp')
      .values({
        personId: person.id,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        createdAt: now,
        confirmedAt: now,
      })
      .execute();
    await database.db
      .insertInto('recoveryCode')
      .values({ id: `rc${person.id}`, personId: person.id, codeHash: 'x', createdAt: now, usedAt: null })
      .execute();
    expect((await signIn(person.email, person.password)).json()).toMatchObject({ mfaRequired: true });

    const run = await portal(['user:mfa-reset', '--email', person.email.toUpperCase()]);
    expect(run).toMatchObject({ code: 0, stdout: `Second factors of ${person.email} removed\n` });
    expect((await signIn(person.email, person.password)).json()).toHaveProperty('token');
    expect(
      await database.db.selectFrom('recoveryCode').select('id').where('personId', '=', person.id).execute(),
    ).toEqual([]);
    const audit = await database.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'objectId'])
      .where('objectId', '=', person.id)
      .execute();
    expect(audit).toEqual([{ action: 'mfa-reset', actorId: 'cli', objectId: person.id }]);

    expect((await portal(['user:mfa-reset', '--email', person.email])).stdout).toBe(
      `${person.email} had no second factor\n`,
    );
    expect((await portal(['user:mfa-reset', '--email', 'nobody@example.com'])).code).toBe(1);
  });

  it('lists people as a table and as JSON', async () => {
    const table = await portal(['user:list']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^EMAIL\s+NAME\s+COMPANY\s+LANG\s+ADMIN\s+DISABLED\s+CREATED$/);
    expect(lines.find((l) => l.startsWith('kunde@example.com'))).toMatch(
      /Kim Kunde\s+Kunde AG\s+en\s+no\s+no\s+\d{4}-\d\d-\d\d/,
    );
    const json = await portal(['user:list', '--json']);
    const people = JSON.parse(json.stdout) as Array<{ email: string; isAdmin: boolean; disabled: boolean }>;
    expect(people.find((p) => p.email === 'kunde@example.com')).toMatchObject({
      isAdmin: false,
      disabled: false,
    });
    expect(people.map((p) => p.email)).toEqual([...people.map((p) => p.email)].sort());
  });

  it('refuses seed without --demo, and seed in production', async () => {
    expect((await portal(['seed'])).code).toBe(2);
    const production = await portal(['seed', '--demo'], undefined, { NODE_ENV: 'production' });
    expect(production).toMatchObject({
      code: 1,
      stderr: 'portal seed: seed refused: NODE_ENV=production never gets demo data\n',
    });
  });

  // A terminal gets a hidden prompt (typed twice); `script` gives the command a real one, and
  // the answers are typed only once a question shows, as a person would.
  it.runIf(spawnSync('script', ['--version']).status === 0)(
    'asks for the password on a terminal without showing it',
    async () => {
      const command = `${process.execPath} ${built.cli} user:add --email tty@example.com`;
      const child = spawn('script', ['-qec', command, '/dev/null'], {
        env: { ...baseEnv(), DATABASE_URL: database.url, TERM: 'dumb' },
      });
      let output = '';
      const typed: string[] = [];
      child.stdout.on('data', (data: Buffer) => {
        output += data.toString();
        for (const question of ['Password: ', 'Repeat password: ']) {
          if (output.includes(question) && !typed.includes(question)) {
            typed.push(question);
            child.stdin.write('typed secret 1\r');
          }
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(output).toContain('Added customer tty@example.com');
      expect(output).not.toContain('typed secret');
      expect(code).toBe(0);
      expect((await signIn('tty@example.com', 'typed secret 1')).statusCode).toBe(200);
    },
  );
});
