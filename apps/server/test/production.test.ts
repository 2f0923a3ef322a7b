import { spawn, type ChildProcess } from 'node:child_process';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loggerOptions } from '../src/lib/logger.js';
import { basicAuth, countRows, createPerson, dialect } from './helper.js';
import { baseEnv, buildServer, freePort, runProgram, type BuiltServer } from './support/built-server.js';
import { createServerDatabase, type ServerDatabase } from './support/server-database.js';

// NODE_ENV=production as an operator meets it: the built server refuses to start half set up
// (one line naming the reason), never seeds demo data, and logs JSON without secrets. The
// checks do not depend on the dialect, so they run in the SQLite pass.

const PRODUCTION = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL: 'https://portal.example.com',
  LOG_LEVEL: 'info',
};

interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  stop: () => Promise<void>;
}

async function startServer(main: string, env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], { env: { ...baseEnv(), PORT: String(port), ...env } });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 150; attempt++) {
    if (
      await fetch(`${base}/rest/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    base,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('close', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

describe.runIf(dialect === 'sqlite')('production mode', () => {
  let built: BuiltServer;
  let database: ServerDatabase;
  const start = (env: Record<string, string>) =>
    runProgram([built.main], { env: { DATABASE_URL: database.url, PORT: '0', ...env }, timeoutMs: 20_000 });

  beforeAll(async () => {
    built = buildServer();
    database = await createServerDatabase();
  });
  afterAll(async () => {
    await database.destroy();
    built.remove();
  });

  it.each([
    [
      { HOST: '' },
      'Start aborted: NODE_ENV=production needs HOST, the address to listen on (0.0.0.0 in a container)',
    ],
    [
      { PUBLIC_URL: '' },
      'Start aborted: NODE_ENV=production needs PUBLIC_URL, the address users reach the portal at (links in mails)',
    ],
    [
      { PORTAL_DEMO: '1' },
      'Start aborted: Invalid environment variable PORTAL_DEMO: demo data is refused when NODE_ENV=production',
    ],
  ])('refuses to start with %o, in one line naming the reason', async (change, line) => {
    const run = await start({ ...PRODUCTION, ...change });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${line}\n`);
  });

  it('refuses to start while a demo account can sign in, and starts once it is disabled', async () => {
    await createPerson(database.db, { email: 'demo@example.com', password: 'demo1234' });
    const refused = await start(PRODUCTION);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Start aborted: demo account demo@example.com exists and can sign in: disable it with portal user:disable --email demo@example.com\n',
    );
    const disable = await runProgram([built.cli, 'user:disable', '--email', 'demo@example.com'], {
      env: { DATABASE_URL: database.url },
    });
    expect(disable.code).toBe(0);
    const server = await startServer(built.main, { DATABASE_URL: database.url, ...PRODUCTION });
    await server.stop();
  });

  it('never seeds demo data into a new database', async () => {
    const fresh = await createServerDatabase({ migrate: false });
    try {
      const server = await startServer(built.main, { DATABASE_URL: fresh.url, ...PRODUCTION });
      await server.stop();
      expect(server.output()).not.toContain('Demo data loaded');
      expect(await countRows(fresh.db, 'person')).toBe(0);
      expect(await countRows(fresh.db, 'service')).toBe(0);
    } finally {
      await fresh.destroy();
    }
  });

  it('logs JSON lines, with tokens, passwords, credentials and licence keys left out', async () => {
    const person = await createPerson(database.db, { password: 'password-in-a-log' });
    const server = await startServer(built.main, { DATABASE_URL: database.url, ...PRODUCTION });
    const signIn = await fetch(`${server.base}/rest/auth`, {
      method: 'POST',
      headers: { authorization: basicAuth(person.email, person.password), cookie: 'session=cookie-in-a-log' },
    });
    const { token } = (await signIn.json()) as { token: string };
    await fetch(
      `${server.base}/rest/collection/person/${person.id}?token=query-token-in-a-log&licenceKey=lk_key-in-a-log`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    await server.stop();
    const lines = server.output().trim().split('\n');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const log = server.output();
    expect(log).toContain('token=[redacted]&licenceKey=[redacted]');
    for (const secret of [
      'password-in-a-log',
      'cookie-in-a-log',
      'query-token-in-a-log',
      'lk_key-in-a-log',
      token,
      basicAuth(person.email, person.password).slice(6),
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('logs one line per request once its answer has gone out, with what an operator traces it by', async () => {
    const server = await startServer(built.main, { DATABASE_URL: database.url, ...PRODUCTION });
    const found = await fetch(`${server.base}/rest/health`, { headers: { 'user-agent': 'log-check' } });
    const missing = await fetch(`${server.base}/rest/collection/service/noSuchService`);
    const missingBody = (await missing.json()) as { error: { code: string } };
    // The last answers before the stop: their lines are written before the process ends.
    await server.stop();
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    for (const [answer, url, code] of [
      [found, '/rest/health', undefined],
      [missing, '/rest/collection/service/noSuchService', missingBody.error.code],
    ] as const) {
      const requestId = answer.headers.get('x-request-id');
      const ofRequest = lines.filter((line) => line.reqId === requestId);
      expect(ofRequest).toHaveLength(1);
      expect(ofRequest[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url, remoteAddress: '127.0.0.1' },
        res: { statusCode: answer.status, contentLength: Number(answer.headers.get('content-length')) },
      });
      // A refused request's line names the error code of its answer.
      expect(ofRequest[0]?.code).toBe(code);
      expect(ofRequest[0]?.responseTime).toEqual(expect.any(Number));
    }
    expect(missing.status).toBe(404);
    expect(lines.find((line) => line.reqId === found.headers.get('x-request-id'))?.req).toMatchObject({
      userAgent: 'log-check',
    });
  });

  it('logs readable lines in development', async () => {
    const server = await startServer(built.main, {
      DATABASE_URL: database.url,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    await fetch(`${server.base}/rest/health`);
    await server.stop();
    const requestLine = server
      .output()
      .split('\n')
      .find((l) => l.includes('request completed'));
    expect(requestLine).toBeDefined();
    expect(requestLine?.startsWith('{')).toBe(false);
  });
});

describe('log redaction', () => {
  it('replaces secrets in logged objects, one level deep as well', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions(loadConfig({ NODE_ENV: 'production' })), stream } });
    app.log.info(
      {
        token: 'a-token',
        password: 'a-password',
        licenceKey: 'lk_a-key',
        headers: { authorization: 'Bearer a-bearer', cookie: 'a-cookie', 'user-agent': 'curl' },
        body: { passwordActual: 'an-old-password', name: 'Shop' },
      },
      'something happened',
    );
    const logged = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(logged).toMatchObject({
      token: '[redacted]',
      password: '[redacted]',
      licenceKey: '[redacted]',
      headers: { authorization: '[redacted]', cookie: '[redacted]', 'user-agent': 'curl' },
      body: { passwordActual: '[redacted]', name: 'Shop' },
    });
  });
});
