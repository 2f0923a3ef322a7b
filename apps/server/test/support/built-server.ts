import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Tests that run the real programs build their own copy of the server bundle (dist/main.js and
// dist/cli.js, as `npm run build -w apps/server` makes them), so they never depend on, or race
// with, the shared dist/. It lies inside the repository so that node_modules is found from it.

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface BuiltServer {
  main: string;
  cli: string;
  remove: () => void;
}

export function buildServer(): BuiltServer {
  const dir = join(serverDir, 'node_modules', '.cache', `portal-test-${randomBytes(6).toString('hex')}`);
  const result = spawnSync(process.execPath, ['build.mjs', dir], { cwd: serverDir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`server build failed: ${result.stderr}`);
  return {
    main: join(dir, 'main.js'),
    cli: join(dir, 'cli.js'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Only what a program needs from the test's environment; the rest comes from each call. */
export const baseEnv = (): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
});

export interface ProgramRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end, feeding `input` (or nothing) to its standard input. */
export function runProgram(
  args: string[],
  options: { env: Record<string, string>; input?: string | Buffer; timeoutMs?: number },
): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...baseEnv(), ...options.env } });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => undefined); // a program may exit before reading its input
    child.stdin.end(options.input ?? '');
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
