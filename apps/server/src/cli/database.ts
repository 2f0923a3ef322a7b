import type { Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle, type Dialect } from '../db/connect.js';
import type { Database } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import { CliError, type Invocation } from './command.js';

export interface CommandDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  handle: DatabaseHandle;
}

/**
 * Runs `work` on the database of DATABASE_URL and closes it afterwards. Unless told otherwise,
 * a database that is not migrated to this release is refused: the command line never changes
 * the schema behind a running server's back (that is what `portal migrate` is for).
 */
export async function withDatabase<T>(
  invocation: Invocation,
  work: (database: CommandDatabase) => Promise<T>,
  options: { migrated: boolean } = { migrated: true },
): Promise<T> {
  const handle = openDatabase(invocation.config().databaseUrl);
  try {
    if (options.migrated) {
      const pending = await pendingMigrations(handle.db);
      if (pending.length > 0) {
        throw new CliError(
          `the database is not up to date (${pending.join(', ')} pending): run portal migrate first`,
        );
      }
    }
    return await work({ db: handle.db, dialect: handle.dialect, handle });
  } finally {
    await handle.close();
  }
}
