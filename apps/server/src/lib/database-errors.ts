// What a database error means for the client (docs/architecture.md#errors). Two requests racing
// for the same row can make the database refuse one of them: that one is told to retry (409 or
// 503 with Retry-After), never given a 500. A database that cannot be reached or is late is a
// 503 with Retry-After too (docs/operations.md#when-a-dependency-fails).

type DatabaseFault = 'conflict' | 'retry' | 'unreachable';

// PostgreSQL SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html).
const PG_CONFLICT = new Set(['23505']); // unique_violation: the other request stored it first
const PG_RETRY = new Set(['40001', '40P01', '55P03']); // serialization failure, deadlock, lock not available
const PG_UNREACHABLE = new Set(['57014', '57P01', '57P02', '57P03', '53300']); // timeout, shutdown, too many connections
// better-sqlite3 codes; SQLITE_BUSY remains after the 5 s busy timeout (db/connect.ts).
const SQLITE_CONFLICT = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const SQLITE_RETRY = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED']);
const SOCKET_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
// node-postgres reports a lost or late connection by message only.
const PG_CLIENT_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error)/;

export function databaseFault(error: unknown): DatabaseFault | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (PG_CONFLICT.has(code) || SQLITE_CONFLICT.has(code)) return 'conflict';
    if (PG_RETRY.has(code) || SQLITE_RETRY.has(code)) return 'retry';
    if (PG_UNREACHABLE.has(code) || code.startsWith('08') || SOCKET_ERRORS.has(code)) return 'unreachable';
  }
  if (PG_CLIENT_MESSAGES.test(error.message)) return 'unreachable';
  return undefined;
}
