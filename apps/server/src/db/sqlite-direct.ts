import type SqliteDatabase from 'better-sqlite3';
import { createQueryId, type KyselyPlugin, type Kysely } from 'kysely';
import type { Database, Db } from './database.js';

interface Registered {
  native: SqliteDatabase.Database;
  /** The plugin that maps the database's column names to the app's (camelCase). */
  names: KyselyPlugin;
}

// Keyed by the dialect's adapter, which a transaction shares with its database.
const registered = new WeakMap<object, Registered>();

/** Lets prepared queries on this SQLite database run on its connection directly (see below). */
export function registerSqliteConnection(db: Kysely<Database>, native: SqliteDatabase.Database, names: KyselyPlugin): void {
  registered.set(db.getExecutor().adapter, { native, names });
}

/** A prepared statement of one compiled query that returns rows as the app names their columns. */
export interface DirectStatement {
  run(parameters: readonly unknown[]): unknown[];
}

/**
 * The SQLite connection of `db` when a query may run on it now without kysely's executor: kysely
 * runs one query at a time on the connection through a lock (a promise per query, then the
 * plugins map every row into a new object), which costs more than a point lookup. A statement
 * run synchronously cannot interleave with another, so only an open transaction matters: its
 * own queries may run directly, anyone else's must wait for it through kysely (undefined here).
 */
function connectionFor(db: Db): Registered | undefined {
  const found = registered.get(db.getExecutor().adapter);
  if (!found) return undefined;
  if (found.native.inTransaction && !db.isTransaction) return undefined;
  return found;
}

/**
 * Prepares `sql` on the connection of `db` for direct runs, with the column names mapped as
 * kysely's plugin maps them; undefined for another dialect or a statement that returns no rows.
 */
export async function prepareDirect(db: Db, sql: string): Promise<DirectStatement | undefined> {
  const found = registered.get(db.getExecutor().adapter);
  if (!found) return undefined;
  const statement = found.native.prepare(sql);
  if (!statement.reader) return undefined;
  const columns = statement.columns().map((column) => column.name);
  const row = Object.fromEntries(columns.map((name, index) => [name, index]));
  const mapped = await found.names.transformResult({ queryId: createQueryId(), result: { rows: [row] } });
  // For each column in order, the app's name of it (a later column of the same name wins, as in
  // a row object).
  const keys = Object.entries(mapped.rows[0] ?? {}).map(([key, index]) => [key, index as number] as const);
  statement.raw(true);
  return {
    run(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      return rows.map((values) => {
        const out: Record<string, unknown> = {};
        for (const [key, index] of keys) out[key] = values[index];
        return out;
      });
    },
  };
}

/**
 * A statement of one value (no table read, no write) run on the SQLite connection of `db`
 * synchronously, whether or not a transaction is open; undefined for another dialect.
 */
export function prepareDirectValue(db: Db, sql: string): (() => unknown) | undefined {
  const found = registered.get(db.getExecutor().adapter);
  if (!found) return undefined;
  const statement = found.native.prepare(sql).pluck();
  return () => statement.get();
}

/** Whether a directly prepared statement may run on `db` now. */
export const mayRunDirect = (db: Db): boolean => connectionFor(db) !== undefined;
