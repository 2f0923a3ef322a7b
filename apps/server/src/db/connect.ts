import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import semver from 'semver';
import type { Database } from './database.js';
import { registerSqliteConnection } from './sqlite-direct.js';
import { SqliteDatabase } from './sqlite-driver.js';
import { withStatementCache } from './statement-cache.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Human-readable location without credentials, for start-up lines. */
  location: string;
  /** PostgreSQL schema when one was given (tests); undefined means the default search path. */
  schema?: string;
  close: () => Promise<void>;
}

/** The oldest SQLite we accept; earlier releases have bugs we would otherwise work around. */
export const MIN_SQLITE_VERSION = '3.51.3';

export class DatabaseOpenError extends Error {}

/** Columns are snake_case in the database, camelCase in the app (address_line_1 ↔ addressLine1). */
const columnNames = () => new CamelCasePlugin({ underscoreBeforeDigits: true });

function openSqlite(url: string): DatabaseHandle {
  const file = url.slice('sqlite:'.length);
  const inMemory = file === ':memory:' || file === '';
  let native: BetterSqlite3.Database;
  try {
    if (!inMemory) mkdirSync(dirname(resolve(file)), { recursive: true });
    native = new SqliteDatabase(inMemory ? ':memory:' : file);
  } catch (error) {
    throw new DatabaseOpenError(`Cannot open SQLite database ${file}: ${(error as Error).message}`);
  }
  const version = (native.prepare('select sqlite_version() as v').get() as { v: string }).v;
  if (semver.lt(version, MIN_SQLITE_VERSION)) {
    native.close();
    throw new DatabaseOpenError(`SQLite ${version} is too old: ${MIN_SQLITE_VERSION} or newer is required`);
  }
  // WAL lets readers run while one writer commits; the busy timeout makes a second process wait
  // for the lock instead of failing at once.
  native.pragma('journal_mode = WAL');
  native.pragma('foreign_keys = ON');
  native.pragma('busy_timeout = 5000');
  native.pragma('synchronous = NORMAL');
  const names = columnNames();
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(native) }),
    plugins: [names],
  });
  registerSqliteConnection(db, native, names);
  return { db, dialect: 'sqlite', location: inMemory ? 'SQLite in memory' : `SQLite ${resolve(file)}`, close: () => db.destroy() };
}

// Sums and counts come back from PostgreSQL as int8/numeric strings; our values stay far below
// 2^53, so numbers are safe and keep both dialects returning the same types.
const toNumber = (value: string): number => Number(value);
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
    oid === 20 || oid === 1700 ? toNumber : (pg.types.getTypeParser(oid, format ?? 'text') as unknown)) as typeof pg.types.getTypeParser,
};

/**
 * Bounded waits, so a database that is away or stalled answers requests with 503 instead of
 * holding them (docs/operations.md#when-a-dependency-fails): a connection (new, or free in the
 * pool) within 3 s, any statement within 10 s, on the server and, should the server not
 * answer at all, in the client.
 */
const POSTGRES_TIMEOUTS = { connectMs: 3000, statementMs: 10_000 } as const;

function openPostgres(url: string, searchPath?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.statementMs + 1000,
    keepAlive: true,
    types: pgTypes,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection that breaks (database restarted, network cut) is dropped by the pool,
  // which reports it here; without a listener the error would end the process.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [columnNames()],
  });
  const parsed = new URL(url);
  return {
    db,
    dialect: 'postgres',
    location: `PostgreSQL ${parsed.host}${parsed.pathname}`,
    ...(searchPath ? { schema: searchPath } : {}),
    close: () => db.destroy(),
  };
}

/** Opens the database named by DATABASE_URL; `searchPath` isolates tests in their own schema. */
export function openDatabase(url: string, options: { searchPath?: string } = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url);
  return openPostgres(url, options.searchPath);
}
