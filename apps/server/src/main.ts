import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { systemClock } from './lib/time.js';
import { openDatabase, type DatabaseHandle } from './db/connect.js';
import { logDestination, loggerOptions } from './lib/logger.js';
import { describeStartError } from './lib/start-errors.js';
import { createMailSender } from './modules/mail/mail-sender.js';
import { OutboxWorker } from './modules/mail/outbox-worker.js';
import { RetentionJob } from './modules/retention/retention.service.js';
import { WebhookWorker, projectLink, sendRules } from './modules/webhook-record/webhook-worker.js';
import { productionConfigProblem, productionDatabaseProblem } from './production-checks.js';
import { DEMO_ACCOUNTS } from './seed/demo-seed.js';
import { prepareDatabase } from './seed/prepare-database.js';

// Both src/main.ts and the bundle dist/main.js sit two folders below apps/, so one relative
// path finds the built web app from either.
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

function fail(message: string): never {
  process.stderr.write(`Start aborted: ${message}\n`);
  process.exit(1);
}

async function start(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, { webDist: defaultWebDist });
  } catch (error) {
    fail(describeStartError(error));
  }
  const configProblem = productionConfigProblem(config);
  if (configProblem) fail(configProblem);

  let handle: DatabaseHandle;
  try {
    handle = openDatabase(config.databaseUrl);
  } catch (error) {
    fail(describeStartError(error));
  }

  // Production logs are JSON lines for log shipping, the start-up lines too (shaped as pino's).
  const log = config.production
    ? (line: string): void => void process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: line })}\n`)
    : (line: string): void => void process.stdout.write(`${line}\n`);
  let seeded = false;
  try {
    ({ seeded } = await prepareDatabase(handle.db, {
      dialect: handle.dialect,
      production: config.production,
      demo: config.demo,
      now: systemClock.now(),
      log,
    }));
  } catch (error) {
    await handle.close().catch(() => undefined);
    fail(describeStartError(error));
  }
  const databaseProblem = await productionDatabaseProblem(handle.db, config);
  if (databaseProblem) {
    await handle.close().catch(() => undefined);
    fail(databaseProblem);
  }

  const logLines = logDestination();
  const app = await buildApp({
    config,
    db: handle.db,
    dialect: handle.dialect,
    logger: loggerOptions(config, logLines),
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await handle.close().catch(() => undefined);
    fail(describeStartError(error));
  }

  // Every instance sends the outbox; the claim in the database keeps each mail to one of them.
  const outbox =
    config.smtpUrl && config.mailFrom
      ? new OutboxWorker(handle.db, createMailSender(config.smtpUrl, config.mailFrom), app.log, app.clock)
      : undefined;
  outbox?.start();
  // Every instance looks once an hour; the first to claim the day in the database runs the
  // day's deletions (docs/privacy.md#retention).
  const retention = config.retention.job ? new RetentionJob(handle.db, app.clock, config.retention, app.log) : undefined;
  retention?.start();
  // Every instance sends webhooks; the claim in the database keeps each delivery to one of them.
  const webhooks = config.webhook.worker
    ? new WebhookWorker(handle.db, sendRules(config), projectLink(config), app.log, app.clock)
    : undefined;
  webhooks?.start();
  if (!outbox && config.contactTo) app.log.warn('CONTACT_TO is set but SMTP_URL is not: contact mails wait in the outbox');

  // Installed before the first line announces the server: a supervisor (or a test) may send
  // SIGTERM the moment it reads that line, and without a handler the signal kills at once.
  // Stop taking connections and sending mail, let requests and a mail in flight finish, then
  // close the database.
  let stopping = false;
  const shutdown = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The log's last lines are written before the process ends (pino would on exit, too).
    Promise.all([app.close(), outbox?.stop(), retention?.stop(), webhooks?.stop()])
      .then(() => handle.close())
      .then(() => {
        logLines.flushSync();
        process.exit(0);
      })
      .catch(() => process.exit(1));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  log(`Portal serving on http://${shownHost}:${config.port} (${handle.location})`);
  if (seeded) {
    log('Demo data loaded. Sign in with:');
    for (const account of DEMO_ACCOUNTS) {
      log(`  ${account.email} / ${account.password}${account.isAdmin ? '  (admin)' : ''}`);
    }
  }
}

void start();
