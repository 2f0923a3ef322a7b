import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { prepareDatabase } from '../../seed/prepare-database.js';
import { CliError, usageError, type Command } from '../command.js';
import { withDatabase } from '../database.js';

export const migrate: Command = {
  name: 'migrate',
  summary:
    "Brings the database's schema and the shipped texts up to date (the server does this at start too).",
  options: {},
  notes: ['Safe to run while servers run and from several places at once; it never adds demo data.'],
  async run(invocation) {
    const { production } = invocation.config();
    await withDatabase(
      invocation,
      async ({ db, dialect, handle }) => {
        const lines: string[] = [];
        await prepareDatabase(db, {
          dialect,
          production,
          demo: false,
          now: invocation.clock.now(),
          log: (line) => lines.push(line),
        });
        for (const line of lines) invocation.print(line);
        if (lines.length === 0) invocation.print(`Database is up to date (${handle.location})`);
      },
      { migrated: false },
    );
  },
};

export const seed: Command = {
  name: 'seed',
  summary: 'Fills demo content (catalogue, two demo accounts, projects, usage). Refused in production.',
  options: {
    demo: { type: 'boolean', description: 'required: the demo content is the only content seed knows' },
  },
  notes: ['Idempotent: rows that exist are left as they are.'],
  async run(invocation) {
    if (invocation.values.demo !== true)
      throw usageError('seed needs --demo (it only knows the demo content)');
    if (invocation.config().production)
      throw new CliError('seed refused: NODE_ENV=production never gets demo data');
    await withDatabase(
      invocation,
      async ({ db, dialect, handle }) => {
        await prepareDatabase(db, {
          dialect,
          production: false,
          demo: true,
          now: invocation.clock.now(),
          log: (line) => invocation.print(line),
        });
        invocation.print(`Demo data is in ${handle.location}`);
      },
      { migrated: false },
    );
  },
};

/** The pg_dump line for a PostgreSQL URL, without its password (pg_dump asks, or reads PGPASSWORD). */
function pgDumpLine(databaseUrl: string, file: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return `pg_dump --format=custom --file=${JSON.stringify(file)} ${JSON.stringify(url.toString())}`;
}

export const backup: Command = {
  name: 'backup',
  summary: 'Writes a consistent copy of the SQLite database to FILE while servers keep running.',
  positionals: ['FILE'],
  options: {},
  notes: [
    'On PostgreSQL it prints the pg_dump line to use instead (and exits with 1: nothing was written).',
    'Restore: stop the server, put the copy in place of the database file, start the server.',
  ],
  async run(invocation) {
    const file = resolve(invocation.positionals[0] ?? '');
    const { databaseUrl } = invocation.config();
    if (!databaseUrl.startsWith('sqlite:')) {
      invocation.print(pgDumpLine(databaseUrl, file));
      throw new CliError('PostgreSQL is backed up with pg_dump: run the line above');
    }
    if (existsSync(file)) throw usageError(`${file} exists: choose a new file name`);
    // Any schema version: a backup before `portal migrate` is what an upgrade starts with.
    await withDatabase(
      invocation,
      async ({ db }) => {
        // VACUUM INTO reads one snapshot (WAL mode lets the server keep writing meanwhile) and
        // writes a compact, consistent database file.
        await sql`vacuum into ${file}`.execute(db);
      },
      { migrated: false },
    );
    invocation.print(`Backup written to ${file} (${statSync(file).size} bytes)`);
  },
};
