import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect.js';
import { countRows, dialect } from './helper.js';

// These start the real server process; they run once (in the SQLite pass) since they test
// the embedded default start.
// Node itself with tsx's loader (not the tsx command, a second process that passes signals on
// and, when the server has not confirmed one within 30 ms, as on a busy machine, kills it and
// exits with 143): the SIGTERM reaches the server as a supervisor's would.
const serverDir = fileURLToPath(new URL('..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startServer(env: Record<string, string>, stopWhen?: RegExp): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stopWhen?.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.runIf(dialect === 'sqlite')('starting the server process', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops with one clear line on a malformed variable', async () => {
    const run = await startServer({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Start aborted: Invalid environment variable PORT: Invalid input: expected number, received NaN');
  });

  it('stops with a clear message when the database cannot be opened', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const run = await startServer({ DATABASE_URL: `sqlite:${blocker}/portal.sqlite`, PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Start aborted: Cannot open SQLite database/);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops with a clear message when PostgreSQL cannot be reached', async () => {
    const run = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/portal', PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('Start aborted: Cannot use the database: connect ECONNREFUSED 127.0.0.1:1');
  });

  it('creates, migrates and seeds a new database, prints the demo accounts, stops cleanly on SIGTERM, and keeps the data on the next start', async () => {
    const url = `sqlite:${join(dir, 'portal.sqlite')}`;
    const first = await startServer({ DATABASE_URL: url, PORT: '0' }, /Portal serving on[\s\S]*admin@example.com/);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('demo@example.com / demo1234');
    expect(first.stdout).toContain('admin@example.com / admin1234');

    // Something a user saved in between must survive the next start untouched.
    const handle = openDatabase(url);
    await handle.db.updateTable('project').set({ name: 'Von Hand umbenannt' }).where('id', '=', 'demoProjShop').execute();
    const projectsBefore = await countRows(handle.db, 'project');
    await handle.close();

    const second = await startServer({ DATABASE_URL: url, PORT: '0' }, /Portal serving on/);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('Demo data loaded');
    expect(second.stdout).not.toContain('Database migrated');

    const after = openDatabase(url);
    const renamed = await after.db.selectFrom('project').select('name').where('id', '=', 'demoProjShop').executeTakeFirst();
    expect(renamed?.name).toBe('Von Hand umbenannt');
    expect(await countRows(after.db, 'project')).toBe(projectsBefore);
    await after.close();
  }, 90_000);
});
