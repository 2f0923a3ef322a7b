// `npm run bench`: performance figures, written to bench/results/latest.json (and printed).
// Never part of npm test: numbers vary with the machine; they are tracked, not asserted.
//  1. throughput of the built server (autocannon, 127.0.0.1 only, bounded in time)
//  2. first-load JS of /services (gzip), from the built index.html
//  3. admin report time against data volume (SQLite), to show how it scales
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = new URL('..', import.meta.url).pathname;
const webDist = join(root, 'apps/web/dist');
const port = 3300;
const base = `http://127.0.0.1:${port}`;
const results = { date: new Date().toISOString(), node: process.version, throughput: {}, bundle: {}, report: [] };

function startServer(databaseUrl) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, PORTAL_DEMO: '1', LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Portal serving')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function login(email, password) {
  const res = await fetch(`${base}/rest/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  return (await res.json()).token;
}

async function cannon(name, path, headers = {}) {
  const r = await autocannon({ url: `${base}${path}`, connections: 20, duration: 8, headers });
  results.throughput[name] = { path, requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99, errors: r.errors + r.non2xx };
  console.log(`${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}`);
}

function bundleSize() {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gzip = 0;
  for (const file of new Set(scripts)) gzip += gzipSync(readFileSync(join(webDist, file))).length;
  results.bundle = { entryScripts: [...new Set(scripts)], firstLoadJsGzipKb: Math.round(gzip / 102.4) / 10, budgetKb: 130 };
  console.log(`first-load JS (entry + modulepreload) ${results.bundle.firstLoadJsGzipKb} KB gzip (budget 130 KB)`);
}

async function reportScaling(dir) {
  const { default: Database } = await import('better-sqlite3');
  for (const projects of [100, 1000, 5000]) {
    const file = join(dir, `scale-${projects}.sqlite`);
    const server = await startServer(`sqlite:${file}`);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const db = new Database(file);
    const owner = db.prepare("select id from person where email = 'demo@example.com'").get().id;
    const services = db.prepare('select id from service').all().map((s) => s.id);
    const insertProject = db.prepare("insert into project (id, owner_id, name, description, created_at, updated_at) values (?, ?, ?, 'bench', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')");
    const insertLicence = db.prepare("insert into service_licence (id, project_id, service_id, licence_key, created_at, updated_at) values (?, ?, ?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')");
    const insertUsage = db.prepare('insert into usage_daily (licence_id, day, count) values (?, ?, ?)');
    db.transaction(() => {
      for (let p = 0; p < projects; p++) {
        insertProject.run(`benchP${p}`, owner, `Bench ${p}`);
        for (let l = 0; l < 3; l++) {
          const id = `benchL${p}x${l}`;
          insertLicence.run(id, `benchP${p}`, services[(p + l) % services.length], `lk_bench_${p}_${l}`);
          for (let d = 1; d <= 30; d++) insertUsage.run(id, `2026-01-${String(d).padStart(2, '0')}`, (p * 7 + d) % 500);
        }
      }
    })();
    db.close();
    const again = await startServer(`sqlite:${file}`);
    const token = await login('admin@example.com', 'admin1234');
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(`${base}/rest/collection/admin/projects?from=2026-01-01&to=2026-01-31`, { headers: { authorization: `Bearer ${token}` } });
      await res.json();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const row = { projects, licences: projects * 3, usageRows: projects * 90, medianMs: Math.round(times[2]) };
    results.report.push(row);
    console.log(`admin report: ${projects} projects, ${row.usageRows} usage rows → ${row.medianMs} ms (median of 5)`);
    again.kill('SIGTERM');
    await new Promise((r) => again.once('exit', r));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
try {
  bundleSize();
  const server = await startServer(`sqlite:${join(dir, 'bench.sqlite')}`);
  const token = await login('demo@example.com', 'demo1234');
  await cannon('health', '/rest/health');
  await cannon('service list', '/rest/collection/service?orderby=name');
  await cannon('projects (signed in)', `/rest/collection/person/demoUser0001/project`, { authorization: `Bearer ${token}` });
  await cannon('spa deep link', '/projects/x-abc', { accept: 'text/html' });
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await reportScaling(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('written to bench/results/latest.json');
