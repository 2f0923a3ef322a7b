import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { Db } from './database.js';
import { prepareDirectValue } from './sqlite-direct.js';

const SQLITE_VERSION = `(select data_version from pragma_data_version()) || '.' || total_changes()`;

/**
 * A text that is the same for two reads exactly when no data changed between them, read in the
 * same statement as the session on every signed-in call (docs/performance.md#signed-in-answers-and-sessions). It moves
 * with every committed write, from any instance or process; it may also move without a change
 * (a rolled-back write, another database of the same PostgreSQL cluster), which only costs a
 * rebuilt answer. Once moved it never returns to an earlier value.
 *
 * - SQLite: `data_version` changes when another connection (the command line, another process)
 *   commits; `total_changes()` counts the rows this connection changed. The server has one
 *   connection, and a query from outside an open transaction waits for it (sqlite-direct.ts).
 * - PostgreSQL: the statement's snapshot (`xmin:xmax:running transactions`). Two equal snapshots
 *   see the same committed transactions, so the same data; a commit or a new writing
 *   transaction anywhere changes it. No trigger, counter row or lock is involved.
 */
export function dataVersion(db: Db): RawBuilder<string> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`pg_current_snapshot()::text`
    : sql<string>`${sql.raw(SQLITE_VERSION)}`;
}

/**
 * On SQLite, the data version read on its own, synchronously and for a few microseconds (the same
 * text the session statement reads); undefined on PostgreSQL, where it takes a round trip and is
 * read with the session instead. Read while another call's transaction is open, it already counts
 * that transaction's writes, so it can only be newer than the data, never older.
 *
 * Two prepared statements instead of the session statement's expression: `pragma_data_version()`
 * in a query is a table-valued function that prepares the pragma again on every run, about half
 * of this read's cost; `total_changes()` alone opens no read transaction.
 *
 * `data_version` (commits of other processes) is read once per turn of the event loop and shared
 * by the calls handled in that turn: each read is a read transaction on the file, and under load
 * dozens of calls arrive together (docs/performance.md#signed-in-answers-and-sessions). Every
 * call still reads `total_changes()`, so this server's own writes count at once.
 */
export function dataVersionReader(db: Db): (() => string) | undefined {
  const dataVersion = prepareDirectValue(db, 'pragma data_version');
  const changes = prepareDirectValue(db, 'select total_changes()');
  if (!dataVersion || !changes) return undefined;
  let otherProcesses: string | undefined;
  const forget = (): void => {
    otherProcesses = undefined;
  };
  return () => {
    if (otherProcesses === undefined) {
      otherProcesses = String(dataVersion());
      setImmediate(forget);
    }
    return `${otherProcesses}.${String(changes())}`;
  };
}
