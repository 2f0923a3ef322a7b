import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { DatabaseOpenError, openDatabase, type DatabaseHandle } from './db/connect.js';
import { MigrationError } from './db/migrate.js';
import { DEMO_ACCOUNTS } from './seed/demo-seed.js';
import { prepareDatabase } from './seed/prepare-database.js';

// Both src/main.ts and the bundle dist/main.js sit two folders below apps/, so one relative
// path finds the built web app from either.
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function fail(message: string): never {
  process.stderr.write(`Start aborted: ${message}\n`);
  process.exit(1);
}

function describeStartError(error: unknown): string {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError || error instanceof MigrationError) {
    return error.message;
  }
  const code = (error as { code?: string }).code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01') {
    return `cannot reach the database (${code}): check DATABASE_URL`;
  }
  if (code === 'EADDRINUSE') return 'the port is already in use: set PORT to a free port';
  return error instanceof Error ? error.message : String(error);
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDist: defaultWebDist });
  } catch (error) {
    fail(describeStartError(error));
  }

  let handle: DatabaseHandle;
  try {
    handle = openDatabase(config.databaseUrl);
  } catch (error) {
    fail(describeStartError(error));
  }

  const log = (line: string): void => void process.stdout.write(`${line}\n`);
  let seeded = false;
  try {
    ({ seeded } = await prepareDatabase(handle.db, {
      dialect: handle.dialect,
      production: config.production,
      demo: config.demo,
      log,
    }));
  } catch (error) {
    await handle.close().catch(() => undefined);
    fail(describeStartError(error));
  }

  const app = await buildApp({ config, db: handle.db, dialect: handle.dialect });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await handle.close().catch(() => undefined);
    fail(describeStartError(error));
  }

  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  log(`Portal serving on http://${shownHost}:${config.port} (${handle.location})`);
  if (seeded) {
    log('Demo data loaded. Sign in with:');
    for (const account of DEMO_ACCOUNTS) {
      log(`  ${account.email} / ${account.password}${account.isAdmin ? '  (admin)' : ''}`);
    }
  }

  // Stop taking connections, let requests in flight finish, then close the database.
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void start();
