// `npm run bench:soak`: does anything in the server grow under steady load? Ten minutes
// (SOAK_MINUTES, at most 60) of mixed traffic at a fixed rate over every public page (the rendered
// ones in both languages, the not-found page, the app's shell and files, the public API) and a
// signed-in customer's reads and writes. Every 15 s the server's open descriptors and sockets
// (/proc), its RSS, its heap after a full collection and its event loop's delay (p99 and max
// since the previous sample, from bench/lib/soak-probe.mjs inside the server) are sampled. The
// first minute is warm-up (caches, JIT, the heap growing to its working size); growth is judged
// from there, by the last sample against the first after warm-up (and the least-squares slope,
// printed). Exits non-zero on growth beyond LIMITS, on any unexpected status, or when a reply
// was sent twice (the server's warnings go to a log file that is read at the end). Written to
// bench/results/soak.json and printed; separate from `npm run bench` because of its length.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signIn, startPortal } from '../scripts/local-portal.mjs';

const root = new URL('..', import.meta.url).pathname;
const minutes = Math.min(Math.max(Number(process.env.SOAK_MINUTES ?? 10), 0.25), 60);
const SAMPLE_MS = 15_000;
const WARM_UP_MS = 60_000;
/** Requests per second: steady load, well below saturation, so the figures are about resources. */
const RATE = 500;
/** Growth from the first sample after warm-up to the last that counts as a leak. */
const LIMITS = { descriptors: 10, sockets: 10, rssMb: 20, heapMb: 10, delayP99Ms: 50 };
const port = 3320;
const base = `http://127.0.0.1:${port}`;
const probe = join(root, 'bench/lib/soak-probe.mjs');

const dir = mkdtempSync(join(tmpdir(), 'portal-soak-'));
const probeFile = join(dir, 'probe.json');
const logFile = join(dir, 'server.log');

function slopePerMinute(samples, key) {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p[key], 0) / n;
  const num = samples.reduce((s, p) => s + (p.minute - mx) * (p[key] - my), 0);
  const den = samples.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return den === 0 ? 0 : Math.round((num / den) * 100) / 100;
}

/** The server's figures: descriptors and sockets from /proc, the rest from the probe inside it. */
async function sample(server) {
  rmSync(probeFile, { force: true });
  server.kill('SIGUSR2');
  for (let i = 0; i < 500; i++) {
    try {
      const figures = JSON.parse(readFileSync(probeFile, 'utf8'));
      const links = readdirSync(`/proc/${server.pid}/fd`).map((fd) => {
        try {
          return readlinkSync(`/proc/${server.pid}/fd/${fd}`);
        } catch {
          return ''; // closed while listed
        }
      });
      return {
        descriptors: links.filter(Boolean).length,
        sockets: links.filter((link) => link.startsWith('socket:')).length,
        rssMb: Math.round(figures.rssMb),
        heapMb: Math.round(figures.heapUsedMb * 10) / 10,
        delayP99Ms: Math.round(figures.delayP99Ms * 10) / 10,
        delayMaxMs: Math.round(figures.delayMaxMs),
      };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10)); // not written yet
    }
  }
  throw new Error('the soak probe did not answer');
}

/** The canonical address a page forwards to (slugs follow the language). */
async function addressOf(url) {
  const res = await fetch(`${base}${url}`, { redirect: 'manual' });
  return res.status === 301 ? res.headers.get('location') : url;
}

/** Every public page and the customer's calls, with the status each must answer. */
async function traffic(token, oid) {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const services = await (await fetch(`${base}/rest/collection/service`)).json();
  let withApi;
  for (const service of services) {
    const res = await fetch(`${base}/rest/collection/service/${service.id}/api`);
    await res.arrayBuffer();
    if (res.ok) {
      withApi = service.id;
      break;
    }
  }
  const legal = await (await fetch(`${base}/rest/collection/rechtliches`)).json();
  const projects = await (await fetch(`${base}/rest/collection/person/${oid}/project`, { headers: auth })).json();
  const project = projects[0];
  const licence = project.licences[0].id;
  const pages = ['/services', '/price', `/services/${services[0].id}`, ...legal.map((page) => `/rechtliches/${encodeURIComponent(page.interner_name)}`)];
  if (withApi) pages.push(`/services/${withApi}/api`);
  const requests = [];
  for (const page of pages) {
    for (const url of [page, `${page}?lang=en`]) requests.push({ method: 'GET', path: await addressOf(url), status: 200 });
  }
  const index = await (await fetch(`${base}/projects`)).text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1] ?? '/favicon.svg';
  requests.push(
    { method: 'GET', path: '/no-such-page', status: 404 },
    { method: 'GET', path: '/SERVICES/', status: 301 },
    { method: 'GET', path: '/', status: 302 },
    { method: 'GET', path: '/projects', status: 200 },
    { method: 'GET', path: asset, status: 200 },
    { method: 'GET', path: '/favicon.svg', status: 200 },
    { method: 'GET', path: '/rest/collection/service?orderby=name', status: 200 },
    { method: 'GET', path: `/rest/collection/service/${services[0].id}`, status: 200 },
    { method: 'GET', path: '/rest/collection/price_package', status: 200 },
    { method: 'GET', path: '/rest/collection/translation?namespace=Navigation,Footer,General', status: 200 },
    { method: 'GET', path: '/rest/config', status: 200 },
    { method: 'GET', path: `/rest/collection/person/${oid}`, headers: auth, status: 200 },
    { method: 'GET', path: `/rest/collection/person/${oid}/project`, headers: auth, status: 200 },
    { method: 'GET', path: `/rest/collection/project/${project.id}`, headers: auth, status: 200 },
    { method: 'GET', path: `/rest/collection/service_licence/${licence}`, headers: auth, status: 200 },
    // Writes that change something each time: two names and two states in turn.
    { method: 'PATCH', path: `/rest/collection/project/${project.id}`, headers: json, body: JSON.stringify({ name: 'Soak A' }), status: 200 },
    { method: 'PATCH', path: `/rest/collection/service_licence/${licence}`, headers: json, body: JSON.stringify({ online: false }), status: 200 },
    { method: 'PATCH', path: `/rest/collection/project/${project.id}`, headers: json, body: JSON.stringify({ name: project.name }), status: 200 },
    { method: 'PATCH', path: `/rest/collection/service_licence/${licence}`, headers: json, body: JSON.stringify({ online: true }), status: 200 },
  );
  return requests;
}

/** Statuses answered against those expected, per status: { '200': n, … } both. */
function expectedCounts(requests, total) {
  const counts = {};
  for (const request of requests) counts[request.status] = (counts[request.status] ?? 0) + total / requests.length;
  return Object.fromEntries(Object.entries(counts).map(([status, n]) => [status, Math.round(n)]));
}

const databaseUrl = `sqlite:${join(dir, 'soak.sqlite')}`;
const first = await startPortal({ port, databaseUrl, env: { PORTAL_DEMO: '1' } });
first.kill('SIGTERM');
await new Promise((r) => first.once('exit', r));
const server = await startPortal({
  port,
  databaseUrl,
  logFile,
  env: { PORTAL_DEMO: '0', LOG_LEVEL: 'warn', NODE_OPTIONS: `--import=${probe}`, SOAK_PROBE_FILE: probeFile },
});
try {
  const { token, oid } = await signIn(base, 'demo@example.com', 'demo1234');
  const requests = await traffic(token, oid);
  const started = Date.now();
  const samples = [];
  await sample(server); // resets the event loop delay: start-up is not counted
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const minute = Math.round(((Date.now() - started) / 60_000) * 100) / 100;
      // The machine's load beside the server's figures: the event loop's delay rises with other
      // processes' work too, and a reader must be able to tell that from the server's own growth.
      const figures = { minute, ...(await sample(server)), machineLoad: Math.round(loadavg()[0] * 10) / 10 };
      samples.push(figures);
      console.log(
        `soak ${minute.toFixed(2).padStart(5)} min  fds ${figures.descriptors}  sockets ${figures.sockets}  ` +
          `RSS ${figures.rssMb} MB  heap ${figures.heapMb} MB  loop delay p99 ${figures.delayP99Ms} ms (max ${figures.delayMaxMs})  load ${figures.machineLoad}/${availableParallelism()} cores`,
      );
    });
  }, SAMPLE_MS);
  const load = await autocannon({
    url: base,
    connections: 20,
    overallRate: RATE,
    duration: minutes * 60,
    timeout: 10,
    requests: requests.map(({ status: _status, ...request }) => request),
  });
  clearInterval(timer);
  await sampling;
  const answered = Object.fromEntries(Object.entries(load.statusCodeStats).map(([status, s]) => [status, s.count]));
  const expected = expectedCounts(requests, load.requests.total);
  // Each status within one round of the request list of its expected count (autocannon cycles).
  const statusesOk = Object.keys({ ...answered, ...expected }).every(
    (status) => Math.abs((answered[status] ?? 0) - (expected[status] ?? 0)) <= 20 * requests.length,
  );
  const after = samples.filter((s) => s.minute * 60_000 >= WARM_UP_MS);
  const [from, to] = [after[0], after.at(-1)];
  const growth =
    after.length > 1
      ? {
          descriptors: to.descriptors - from.descriptors,
          sockets: to.sockets - from.sockets,
          rssMb: to.rssMb - from.rssMb,
          heapMb: Math.round((to.heapMb - from.heapMb) * 10) / 10,
          delayP99Ms: Math.round((to.delayP99Ms - from.delayP99Ms) * 10) / 10,
        }
      : null;
  const grows = growth ? Object.keys(LIMITS).filter((key) => growth[key] > LIMITS[key]) : null;
  const log = readFileSync(logFile, 'utf8');
  const sentTwice = log.split('\n').filter((line) => line.includes('Reply was already sent')).length;
  const result = {
    date: new Date().toISOString(),
    minutes,
    requestsPerSecond: Math.round(load.requests.average),
    requests: load.requests.total,
    kinds: requests.length,
    errors: load.errors + load.timeouts,
    statuses: answered,
    statusesOk,
    sentTwice,
    afterWarmUp: from ?? null,
    end: to ?? null,
    growth,
    limits: LIMITS,
    slopesPerMinute: after.length > 1 ? Object.fromEntries(['descriptors', 'rssMb', 'heapMb'].map((key) => [key, slopePerMinute(after, key)])) : null,
    grows,
    samples,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/soak.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `soak: ${minutes} min, ${result.requests} requests of ${requests.length} kinds at ${result.requestsPerSecond} req/s, ` +
      `statuses ${JSON.stringify(answered)} (${statusesOk ? 'as expected' : 'NOT as expected'}), errors ${result.errors}, replies sent twice ${sentTwice}\n` +
      `after warm-up → end: fds ${from?.descriptors} → ${to?.descriptors}, sockets ${from?.sockets} → ${to?.sockets}, ` +
      `RSS ${from?.rssMb} → ${to?.rssMb} MB, heap ${from?.heapMb} → ${to?.heapMb} MB, loop delay p99 ${from?.delayP99Ms} → ${to?.delayP99Ms} ms: ` +
      `${grows === null ? 'too short to judge' : grows.length ? `GROWS (${grows.join(', ')})` : 'no growth'}`,
  );
  console.log('written to bench/results/soak.json');
  if (!statusesOk || result.errors > 0 || sentTwice > 0 || (grows?.length ?? 0) > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
