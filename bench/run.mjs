// `npm run bench`: the performance figures of docs/performance.md, written to
// bench/results/latest.json, printed, and put into the doc's "Last run" table. Never part of
// npm test or CI: numbers vary with the machine; they are tracked, not asserted.
//  1. first-load JS of /services and Lighthouse on the public pages (lib/browser.mjs)
//  2. API throughput beside a bare node:http server answering the same bytes, p99, and the
//     server's memory after it (lib/throughput.mjs)
//  3. the admin report against 100k, 1M and 10M usage rows, and the usage ingest, on SQLite and
//     PostgreSQL (lib/report-scaling.mjs, lib/scale-data.mjs, lib/ingest.mjs)
// Knobs: WEB_DIST (another web build), BENCH_PARTS (browser,throughput,reference,report), BENCH_ROUTES
// (throughput routes: catalogue,service,projects,licence,mock), BENCH_ROUNDS (throughput rounds per
// route, default 5), BENCH_STEPS (usage rows, comma-separated), BENCH_DATABASE_URL (a
// PostgreSQL the bench may create a database in; default
// postgres://postgres@127.0.0.1:5432/postgres, left out when unreachable).
// Parts 1 and 2 measure the server as production runs it: NODE_ENV=production, every request
// logged (one JSON line, LOG_LEVEL=info) into a file through the same asynchronous destination.
// The dependencies of part 1 live in bench/package.json (bench/setup.mjs installs them).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { signIn, startPortal } from '../scripts/local-portal.mjs';
import { figure, figuresTable, reportTable, writeLastRun } from './lib/figures.mjs';
import { postgresData, sqliteData } from './lib/scale-data.mjs';
import { reportScaling } from './lib/report-scaling.mjs';
import { captureAnswer, compareWithBare, startBareServer } from './lib/throughput.mjs';
import { referencePageSize } from './lib/api-reference.mjs';

const root = new URL('..', import.meta.url).pathname;
const webDist = resolvePath(process.env.WEB_DIST ?? join(root, 'apps/web/dist'));
const parts = new Set((process.env.BENCH_PARTS ?? 'browser,throughput,report').split(','));
const steps = (process.env.BENCH_STEPS ?? '100000,1000000,10000000').split(',').map(Number);
const routeKeys = process.env.BENCH_ROUTES?.split(',');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const postgresAdminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const INGEST_TOKEN = 'bench-ingest-token-0123456789-0123456789';

const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const dirty = git('status', '--porcelain', '--untracked-files=no') !== '';
const results = {
  date: new Date().toISOString(),
  commit: `${git('rev-parse', '--short', 'HEAD')}${dirty ? '+changes' : ''}`,
  cores: availableParallelism(),
  loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
  node: process.version,
  webDist,
  figures: [],
  throughput: {},
  memory: {},
  bundle: {},
  lighthouse: {},
  report: [],
  ingest: [],
};

/** A started portal on `databaseUrl`, with stop() and signIn(); logFile: where its log goes. */
async function portal(databaseUrl, env = {}, logFile = undefined) {
  const child = await startPortal({ port, databaseUrl, webDist, env: { PORTAL_DEMO: '0', ...env }, logFile });
  return {
    base,
    pid: child.pid,
    signIn: async (email, password) => (await signIn(base, email, password)).token,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Migrates and seeds the demo content once (a first start), so measured starts do no seeding. */
async function seeded(databaseUrl) {
  const first = await startPortal({ port, databaseUrl, webDist, env: { PORTAL_DEMO: '1' } });
  first.kill('SIGTERM');
  await new Promise((r) => first.once('exit', r));
}

// Production refuses to start while a demo account can sign in; the bench signs in as the demo
// customer under another address.
const BENCH_CUSTOMER = { email: 'bench-demo@example.com', password: 'demo1234' };
const BENCH_ADMIN = { email: 'bench-admin@example.com', password: 'admin1234' };

/** The seeded SQLite file made fit for NODE_ENV=production: the demo accounts renamed. */
async function renameDemoAccounts(file) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(file);
  db.prepare(
    "update person set email = 'bench-' || email where email in ('demo@example.com', 'admin@example.com')",
  ).run();
  db.close();
}

/** The portal as production runs it, every request logged as one JSON line into `logFile`. */
function productionPortal(databaseUrl, logFile) {
  // The example answers' limit per address would turn the load test into refusals. The bench's
  // admin (who uploads the reference document) has no second factor, which production requires
  // of admins: that rule is not what is measured.
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
    MOCK_RATE_LIMIT: '1000000',
    ADMIN_MFA: 'optional',
  };
  return portal(databaseUrl, env, logFile);
}

/** A memory figure of a process from /proc (VmRSS: resident now, VmHWM: the most it held). */
const statusMb = (pid, field) =>
  Math.round(
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024,
  );
const rssMb = (pid) => statusMb(pid, 'VmRSS');

async function throughput(server, dir) {
  const { token, oid } = await signIn(base, BENCH_CUSTOMER.email, BENCH_CUSTOMER.password);
  const auth = { authorization: `Bearer ${token}` };
  const projects = await (
    await fetch(`${base}/rest/collection/person/${oid}/project`, { headers: auth })
  ).json();
  const licence =
    projects.flatMap((p) => p.licences).find((l) => l.service.accounting !== 'monthly') ??
    projects[0].licences[0];
  const { demoKey } = await (await fetch(`${base}/rest/collection/service/geokodierung/api`)).json();
  const allRoutes = [
    {
      key: 'catalogue',
      name: 'catalogue list',
      path: '/rest/collection/service?orderby=name',
      headers: {},
      minRatio: 0.6,
    },
    { key: 'service', name: 'one service', path: '/rest/collection/service/captchaPro', headers: {}, minRatio: 0.6 },
    {
      key: 'projects',
      name: 'projects (signed in)',
      path: `/rest/collection/person/${oid}/project`,
      headers: auth,
      minRatio: 0.4,
    },
    {
      key: 'licence',
      name: 'licence, 90 days (signed in)',
      path: `/rest/collection/service_licence/${licence.id}`,
      headers: auth,
      minRatio: 0.4,
    },
    {
      // The example answers with the demo key: key check, request check, the kept answer.
      key: 'mock',
      name: 'example answer (demo key)',
      path: `/rest/mock/geokodierung/geocode?address=Berlin&key=${demoKey}`,
      headers: {},
      minRatio: 0.5,
    },
  ];
  const routes = routeKeys ? allRoutes.filter((r) => routeKeys.includes(r.key)) : allRoutes;
  const answers = {};
  for (const r of routes) answers[r.path] = await captureAnswer(base, r.path, r.headers);
  const bare = await startBareServer(answers, port + 1, dir);
  let measured;
  // Resident memory while the load runs, not only after it: what a container's limit sees.
  const rssBefore = rssMb(server.pid);
  let rssDuring = rssBefore;
  const sampler = setInterval(() => (rssDuring = Math.max(rssDuring, rssMb(server.pid))), 250);
  try {
    measured = await compareWithBare({
      portalBase: base,
      bareBase: `http://127.0.0.1:${port + 1}`,
      routes,
      rounds,
    });
  } finally {
    clearInterval(sampler);
    bare.kill();
  }
  results.memory = {
    rssBeforeThroughputMb: rssBefore,
    rssDuringThroughputMaxMb: rssDuring,
    rssAfterThroughputMb: rssMb(server.pid),
    rssHighWaterMarkMb: statusMb(server.pid, 'VmHWM'),
  };
  console.log(
    `server RSS: ${rssBefore} MB before the throughput run, at most ${rssDuring} MB during it, ` +
      `${results.memory.rssAfterThroughputMb} MB after it (budget 150 MB)`,
  );
  for (const m of measured) {
    results.throughput[m.name] = { ...m, bytes: answers[m.path].bytes };
    results.figures.push(
      figure(`${m.name}: req/s ÷ bare node:http`, '×', m.ratio, m.minRatio, 'higher', {
        ratioMin: m.ratioMin,
        ratioMax: m.ratioMax,
        portalRps: m.portalRps,
        bareRps: m.bareRps,
      }),
      figure(`${m.name}: p99 at 50 connections`, 'ms', m.p99Ms, 20, 'lower'),
    );
  }
  results.figures.push(
    figure('server RSS after the throughput run', 'MB', results.memory.rssAfterThroughputMb, 150, 'lower'),
    figure('server RSS at most, during the throughput run', 'MB', results.memory.rssDuringThroughputMaxMb, null, 'lower', {
      note: `${results.memory.rssBeforeThroughputMb} MB before it; sampled every 250 ms`,
    }),
  );
}

async function browser() {
  const { browserFigures, lighthouseBudget } = await import('./lib/browser.mjs');
  await browserFigures({ portalBase: base, dist: webDist, into: results });
  const b = results.bundle;
  results.figures.push(
    figure(
      'first-load JS of /services (gzip -9)',
      'KB',
      b.firstLoadJsGzipKb ?? null,
      b.budgetKb ?? 130,
      'lower',
    ),
  );
  const categories = { performance: 'performance', accessibility: 'accessibility', bestPractices: 'best practices', seo: 'SEO' };
  for (const page of results.lighthouse.pages ?? []) {
    for (const [name, label] of Object.entries(categories)) {
      results.figures.push(
        figure(`Lighthouse ${label} ${page.path}`, 'score', page.scores?.[name] ?? null, lighthouseBudget[name], 'higher'),
      );
    }
  }
}

async function postgresReachable() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return client;
  } catch {
    return undefined;
  }
}

async function scaling(dir) {
  const ingest = { token: INGEST_TOKEN, env: { USAGE_INGEST_TOKEN: INGEST_TOKEN } };
  const add = ({ report, ingest: ingestRow }) => {
    results.report.push(
      ...report.map(({ dialect, usageRows, monthMs, yearMs }) => ({ dialect, usageRows, monthMs, yearMs })),
    );
    if (ingestRow) results.ingest.push(ingestRow);
  };

  const file = join(dir, 'scale.sqlite');
  const sqliteUrl = `sqlite:${file}`;
  await seeded(sqliteUrl);
  const sqlite = await sqliteData(file);
  try {
    add(
      await reportScaling({
        dialect: 'sqlite',
        data: sqlite,
        portal: (env) => portal(sqliteUrl, env),
        steps,
        ingest,
        log: console.log,
      }),
    );
  } finally {
    await sqlite.close();
  }

  const admin = await postgresReachable();
  if (!admin) {
    console.log(`PostgreSQL not reachable at ${postgresAdminUrl}: report and ingest figures for SQLite only`);
    return;
  }
  const name = `portal_bench_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  try {
    await seeded(url.href);
    const postgres = await postgresData(url.href);
    try {
      add(
        await reportScaling({
          dialect: 'postgres',
          data: postgres,
          portal: (env) => portal(url.href, env),
          steps,
          ingest,
          log: console.log,
        }),
      );
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

function scalingFigures() {
  const largest = Math.max(...results.report.map((r) => r.usageRows));
  for (const r of results.report.filter((row) => row.usageRows === largest)) {
    results.figures.push(
      figure(
        `admin report, one month, ${r.usageRows.toLocaleString('en-US')} usage rows (${r.dialect})`,
        'ms',
        r.monthMs,
        500,
        'lower',
      ),
      figure(
        `admin report, twelve months, ${r.usageRows.toLocaleString('en-US')} usage rows (${r.dialect})`,
        'ms',
        r.yearMs,
        2000,
        'lower',
      ),
    );
  }
  for (const i of results.ingest) {
    const budget = i.dialect === 'sqlite' ? 50_000 : 20_000;
    results.figures.push(
      figure(
        `usage ingest, batches of ${i.batchSize} (${i.dialect})`,
        'rows/s',
        i.rowsPerSecond,
        budget,
        'higher',
      ),
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  if (parts.has('browser') || parts.has('throughput') || parts.has('reference')) {
    const file = join(dir, 'bench.sqlite');
    const databaseUrl = `sqlite:${file}`;
    await seeded(databaseUrl);
    await renameDemoAccounts(file);
    const logFile = join(dir, 'server.log');
    const server = await productionPortal(databaseUrl, logFile);
    try {
      // The browser first, on a quiet server: after the load test the machine is still busy.
      if (parts.has('browser')) await browser();
      if (parts.has('browser') || parts.has('reference')) {
        const reference = await referencePageSize(base, await server.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password));
        results.bundle.referencePage = reference;
        results.figures.push(
          figure('API reference page, 100 operations: HTML (gzip -9)', 'KB', reference.htmlGzipKb, 300, 'lower'),
        );
      }
      if (parts.has('throughput')) await throughput(server, dir);
    } finally {
      await server.stop();
    }
    const lines = readFileSync(logFile, 'utf8').split('\n');
    results.logging = {
      level: 'info',
      requestLines: lines.filter((line) => line.includes('"msg":"request completed"')).length,
      bytes: statSync(logFile).size,
    };
    console.log(
      `request log: ${results.logging.requestLines.toLocaleString('en-US')} lines, ${Math.round(results.logging.bytes / 1048576)} MB`,
    );
  }
  if (parts.has('report')) {
    await scaling(dir);
    scalingFigures();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${figuresTable(results.figures)}\n\n${reportTable(results.report)}\n`);
console.log('written to bench/results/latest.json');
// Only a run of every part replaces the doc's table.
if (parts.size === 3 && writeLastRun(join(root, 'docs/performance.md'), results))
  console.log('docs/performance.md: "Last run" updated');
