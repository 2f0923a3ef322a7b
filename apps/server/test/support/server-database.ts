import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { dialect } from '../helper.js';

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

export interface ServerDatabase extends DatabaseHandle {
  url: string;
  destroy: () => Promise<void>;
}

export async function createServerDatabase(options: { migrate?: boolean } = {}): Promise<ServerDatabase> {
  const suffix = randomBytes(6).toString('hex');
  let url: string;
  let drop: () => Promise<void>;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `portal-process-${suffix}.sqlite`);
    url = `sqlite:${file}`;
    drop = async () => {
      for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
    };
  } else {
    const name = `portal_process_${suffix}`;
    await adminQuery(`create database ${name}`);
    const parsed = new URL(postgresUrl);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const handle = openDatabase(url);
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}
