import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import { STATEMENT_CACHE_LIMITS } from '../lib/cache-limits.js';

/**
 * kysely's SQLite driver prepares every statement again for every query; preparing costs more
 * than running a point lookup. This keeps prepared statements by SQL text, bounded by
 * STATEMENT_CACHE_LIMITS (`in (…)` lists of other lengths are other texts): least recently used
 * ones go first. Reuse is safe: kysely runs one query at a time on the connection.
 */
export function withStatementCache(native: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: STATEMENT_CACHE_LIMITS.maxEntries });
  return {
    close: () => {
      statements.clear();
      native.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = native.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
