import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// SQLite's driver comes in two majors, both installed, and the running Node picks one:
// - better-sqlite3 13 (installed as better-sqlite3-node-api) is built on Node-API 10, prebuilt
//   in its package; it needs Node 22.14 or later (Node-API 10) and crashes Node 20.
// - better-sqlite3 12 is compiled against the running Node's headers at install. Compiled for
//   Node 24 from 24.19 on, it aborts the process when the garbage collector frees a statement
//   (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook: 24.19 changed
//   node::ObjectWrap, which 12 is built on), so it serves only the Node versions 13 cannot.
// The API is the same. Once Node 20 is no longer supported, 13 alone remains
// (docs/operations.md#node).

/** Node-API version from which better-sqlite3 13 runs. */
const NODE_API_OF_SQLITE_13 = 10;

const nodeApi = Number(process.versions.napi);

/** The package the server opens SQLite with under this Node. */
export const sqliteDriverPackage =
  nodeApi >= NODE_API_OF_SQLITE_13 ? 'better-sqlite3-node-api' : 'better-sqlite3';

/** better-sqlite3's Database class, of the major this Node runs. */
export const SqliteDatabase = createRequire(import.meta.url)(sqliteDriverPackage) as typeof BetterSqlite3;
