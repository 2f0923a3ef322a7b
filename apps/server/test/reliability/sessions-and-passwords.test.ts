import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import type { Database } from '../../src/db/database.js';
import {
  basicAuth,
  createPerson,
  createTestDatabase,
  login,
  type TestDatabase,
  type TestPerson,
} from '../helper.js';
import { bearer, dialect, printFigures, randomAddress } from './support.js';

// Sessions and passwords: tokens too random to guess; a logout or a password change ends the
// sessions it should on every instance at once (two instances, each with its own connection to
// one database); idle (7 days) and absolute (30 days) expiry, with the clock moved forward; the
// password hash is argon2id with 19 MiB, t=2, p=1; long passwords with ':' and any Unicode work;
// and a canary password never appears in a log line or anywhere in the database.
//
// The app's clock here is the system clock, which reads new Date(): the test therefore fakes
// Date (vi.useFakeTimers) to move time on.

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

/** 128 characters (code points): colons, umlauts, CJK, emoji, a combining mark, spaces. */
const LONG_PASSWORD = [...':Pässwört: 秘密 🔑 e\u0301 ÆØÅ ß'.repeat(8)].slice(0, 128).join('');

/** Every table, every row, as text: the place a leaked secret would show up. */
async function databaseText(db: Kysely<Database>): Promise<string> {
  const tables =
    dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
        ).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    parts.push(
      JSON.stringify(rows.rows, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('latin1') : v)),
    );
  }
  return parts.join('\n');
}

describe(`sessions and passwords (${dialect})`, () => {
  let database: TestDatabase;
  let secondHandle: DatabaseHandle;
  let first: FastifyInstance;
  let second: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    secondHandle = openDatabase(database.url, database.schema ? { searchPath: database.schema } : {});
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'trace' });
    // Every line the first instance logs, at the most talkative level, for the canary check.
    const stream = new Writable({
      write: (chunk: Buffer, _enc, done) => (logLines.push(chunk.toString()), done()),
    });
    first = await buildApp({
      config,
      db: database.db,
      dialect: database.dialect,
      logger: { level: 'trace', stream },
    });
    second = await buildApp({ config, db: secondHandle.db, dialect: secondHandle.dialect, logger: false });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondHandle?.close();
    await database?.destroy();
  });

  const me = (app: FastifyInstance, person: TestPerson, token: string) =>
    app
      .inject({ method: 'GET', url: `/rest/collection/person/${person.id}`, headers: bearer(token) })
      .then((r) => r.statusCode);

  const changePassword = (
    app: FastifyInstance,
    person: TestPerson,
    token: string,
    from: string,
    to: string,
  ) =>
    app.inject({
      method: 'PATCH',
      url: `/rest/collection/person/${person.id}/password`,
      headers: json(token),
      payload: JSON.stringify({ passwordActual: from, password: to }),
      remoteAddress: randomAddress(),
    });

  it('hands out tokens of at least 256 random bits, never twice', async () => {
    const person = await createPerson(database.db);
    const tokens: string[] = [];
    for (let i = 0; i < 16; i++) tokens.push(await login(i % 2 === 0 ? first : second, person));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    // Character frequencies over all tokens: base64url from a good source spreads over ~6 bits a character.
    const counts = new Map<string, number>();
    for (const c of tokens.join('')) counts.set(c, (counts.get(c) ?? 0) + 1);
    const total = tokens.join('').length;
    const bitsPerChar = -[...counts.values()].reduce((sum, n) => sum + (n / total) * Math.log2(n / total), 0);
    const bits = Math.floor(Math.min(...tokens.map((t) => t.length)) * 6);
    printFigures('sessions/token', {
      tokens: tokens.length,
      bits,
      bitsPerCharObserved: bitsPerChar.toFixed(2),
    });
    expect(bits).toBeGreaterThanOrEqual(256);
    expect(bitsPerChar).toBeGreaterThan(5.5);
  });

  it('ends a session on every instance at once on logout', async () => {
    const person = await createPerson(database.db);
    const token = await login(first, person);
    expect(await me(second, person, token)).toBe(200);
    const out = await first.inject({ method: 'POST', url: '/rest/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect(await me(second, person, token)).toBe(401);
    expect(await me(first, person, token)).toBe(401);
  });

  it('ends every other session on every instance at once on a password change', async () => {
    const person = await createPerson(database.db);
    const elsewhere = await login(first, person);
    const here = await login(second, person);
    expect(await me(first, person, elsewhere)).toBe(200);
    expect((await changePassword(second, person, here, person.password, 'a new passphrase')).statusCode).toBe(
      204,
    );
    expect(await me(first, person, elsewhere)).toBe(401);
    expect(await me(second, person, elsewhere)).toBe(401);
    expect(await me(first, person, here)).toBe(200);
  });

  it('expires a session after 7 idle days, however it was used before', async () => {
    const person = await createPerson(database.db);
    const start = Date.now();
    const token = await login(first, person);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 7 * DAY - MINUTE);
    expect(await me(second, person, token)).toBe(200); // used just in time: counts as activity
    vi.setSystemTime(start + 14 * DAY - 2 * MINUTE);
    expect(await me(first, person, token)).toBe(200);
    vi.setSystemTime(start + 21 * DAY);
    expect(await me(first, person, token)).toBe(401);
    expect(await me(second, person, token)).toBe(401);
  });

  it('expires a session 30 days after sign-in even when used every day', async () => {
    const person = await createPerson(database.db);
    const start = Date.now();
    const token = await login(first, person);
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let day = 1; day < 30; day += 2) {
      vi.setSystemTime(start + day * DAY);
      expect(await me(day % 4 === 1 ? first : second, person, token), `day ${day}`).toBe(200);
    }
    vi.setSystemTime(start + 30 * DAY - MINUTE);
    expect(await me(first, person, token)).toBe(200);
    vi.setSystemTime(start + 30 * DAY + MINUTE);
    expect(await me(first, person, token)).toBe(401);
  });

  it('stores argon2id with 19 MiB, 2 passes, 1 lane, and takes a 128-character password with colons and Unicode', async () => {
    const person = await createPerson(database.db);
    const token = await login(first, person);
    expect(LONG_PASSWORD.includes(':')).toBe(true);
    expect([...LONG_PASSWORD]).toHaveLength(128);
    expect((await changePassword(first, person, token, person.password, LONG_PASSWORD)).statusCode).toBe(204);
    const row = await database.db
      .selectFrom('person')
      .select('passwordHash')
      .where('id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const signIn = (password: string) =>
      second.inject({
        method: 'POST',
        url: '/rest/auth',
        headers: { authorization: basicAuth(person.email, password) },
        remoteAddress: randomAddress(),
      });
    expect((await signIn(LONG_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(LONG_PASSWORD.slice(0, -1))).statusCode).toBe(401);
  });

  it('never writes a password to a log line or the database', async () => {
    const canary = `Kanarien:vogel-${Math.random().toString(36).slice(2)}-ü`;
    const person = await createPerson(database.db);
    const token = await login(first, person);
    const sessionTokens = [token];
    const signIn = (password: string) =>
      first.inject({
        method: 'POST',
        url: '/rest/auth',
        headers: { authorization: basicAuth(person.email, password) },
        remoteAddress: randomAddress(),
      });
    expect((await signIn(canary)).statusCode).toBe(401); // wrong password
    expect((await changePassword(first, person, token, canary, 'whatever123')).statusCode).toBe(400); // wrong current one
    expect((await changePassword(first, person, token, person.password, canary)).statusCode).toBe(204);
    const good = await signIn(canary);
    expect(good.statusCode).toBe(200);
    sessionTokens.push(good.json<{ token: string }>().token);
    expect((await changePassword(first, person, token, canary, 'and back again')).statusCode).toBe(204);

    const secrets = [canary, Buffer.from(`${person.email}:${canary}`).toString('base64'), ...sessionTokens];
    const logs = logLines.join('');
    const stored = await databaseText(database.db);
    printFigures('sessions/canary', { logLines: logLines.length, secretsChecked: secrets.length });
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(logs.includes(secret), 'secret in the log').toBe(false);
      expect(stored.includes(secret), 'secret in the database').toBe(false);
    }
  });
});
