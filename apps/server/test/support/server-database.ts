import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { dialect, openDisposableDatabase, temporarySqliteFile, type TestDatabase } from '../helper.js';

// A database that another process can open by DATABASE_URL alone: a temporary SQLite file, or a
// PostgreSQL database of its own (a schema would need a search path the programs do not take).

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export type ServerDatabase = TestDatabase;

export async function createServerDatabase(options: { migrate?: boolean } = {}): Promise<ServerDatabase> {
  if (dialect === 'sqlite') {
    const file = temporarySqliteFile('portal-process');
    return openDisposableDatabase(file.url, file.remove, options);
  }
  const name = `portal_process_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return openDisposableDatabase(
    url.toString(),
    () => adminQuery(`drop database if exists ${name} with (force)`),
    options,
  );
}
