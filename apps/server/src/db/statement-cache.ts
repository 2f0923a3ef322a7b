import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Distinct SQL texts kept prepared; `in (…)` lists of other lengths are other texts, so it is bounded. */
const MAX_STATEMENTS = 500;

/**
 * kysely's SQLite driver prepares every statement again for every query; preparing costs more
 * than running a point lookup. This keeps prepared statements by SQL text (least recently used
 * ones go first). Reuse is safe: kysely runs one query at a time on the connection.
 */
export function withStatementCache(native: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => {
      statements.clear();
      native.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql); // re-inserted below: the Map's order is the recency order
      } else {
        statement = native.prepare(sql);
        if (statements.size >= MAX_STATEMENTS) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
