// `npm run bench:soak`: does the server's memory grow under steady load? Ten minutes (SOAK_MINUTES)
// of mixed traffic (catalogue, one service, signed-in projects and licence) at a fixed rate,
// the server's RSS sampled every 15 s. The first minute is warm-up (caches, JIT, the heap
// growing to its working size); growth is judged from there: the least-squares slope of the
// samples and the last sample against the first after warm-up. Written to
// bench/results/soak.json and printed; separate from `npm run bench` because of its length.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { signIn, startPortal } from '../scripts/local-portal.mjs';

const root = new URL('..', import.meta.url).pathname;
const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const SAMPLE_MS = 15_000;
const WARM_UP_MS = 60_000;
/** Requests per second: steady load, well below saturation, so the figure is about memory. */
const RATE = 1000;
/** More than this over the run after warm-up (MB) counts as growth. */
const GROWTH_LIMIT_MB = 10;
const port = 3320;
const base = `http://127.0.0.1:${port}`;

const rssMb = (pid) =>
  Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024);

function slopePerMinute(samples) {
  const n = samples.length;
  const mx = samples.reduce((s, p) => s + p.minute, 0) / n;
  const my = samples.reduce((s, p) => s + p.rssMb, 0) / n;
  const num = samples.reduce((s, p) => s + (p.minute - mx) * (p.rssMb - my), 0);
  const den = samples.reduce((s, p) => s + (p.minute - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const dir = mkdtempSync(join(tmpdir(), 'portal-soak-'));
const databaseUrl = `sqlite:${join(dir, 'soak.sqlite')}`;
const first = await startPortal({ port, databaseUrl, env: { PORTAL_DEMO: '1' } });
first.kill('SIGTERM');
await new Promise((r) => first.once('exit', r));
const server = await startPortal({ port, databaseUrl, env: { PORTAL_DEMO: '0' } });
try {
  const { token, oid } = await signIn(base, 'demo@example.com', 'demo1234');
  const auth = { authorization: `Bearer ${token}` };
  const projects = await (
    await fetch(`${base}/rest/collection/person/${oid}/project`, { headers: auth })
  ).json();
  const licence = projects[0].licences[0].id;
  const started = Date.now();
  const samples = [];
  const timer = setInterval(() => {
    const minute = Math.round(((Date.now() - started) / 60_000) * 100) / 100;
    samples.push({ minute, rssMb: rssMb(server.pid) });
    console.log(`soak ${minute.toFixed(2).padStart(5)} min  RSS ${samples.at(-1).rssMb} MB`);
  }, SAMPLE_MS);
  const load = await autocannon({
    url: base,
    connections: 20,
    overallRate: RATE,
    duration: minutes * 60,
    requests: [
      { method: 'GET', path: '/rest/collection/service?orderby=name' },
      { method: 'GET', path: '/rest/collection/service/captchaPro' },
      { method: 'GET', path: `/rest/collection/person/${oid}/project`, headers: auth },
      { method: 'GET', path: `/rest/collection/service_licence/${licence}`, headers: auth },
    ],
  });
  clearInterval(timer);
  const after = samples.filter((s) => s.minute * 60_000 >= WARM_UP_MS);
  const growthMb = after.length > 1 ? after.at(-1).rssMb - after[0].rssMb : null;
  const slope = after.length > 1 ? Math.round(slopePerMinute(after) * 100) / 100 : null;
  const result = {
    date: new Date().toISOString(),
    minutes,
    requestsPerSecond: Math.round(load.requests.average),
    non2xx: load.non2xx,
    errors: load.errors,
    rssAfterWarmUpMb: after[0]?.rssMb ?? null,
    rssEndMb: samples.at(-1)?.rssMb ?? null,
    rssMaxMb: Math.max(...samples.map((s) => s.rssMb)),
    growthAfterWarmUpMb: growthMb,
    slopeMbPerMinute: slope,
    grows: growthMb === null ? null : growthMb > GROWTH_LIMIT_MB,
    samples,
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/soak.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `soak: ${minutes} min at ${result.requestsPerSecond} req/s (${result.non2xx} non-2xx), RSS ${result.rssAfterWarmUpMb} → ${result.rssEndMb} MB ` +
      `(max ${result.rssMaxMb}), slope ${slope} MB/min: ${result.grows === null ? 'too short to judge' : result.grows ? 'GROWS' : 'no growth'}`,
  );
  console.log('written to bench/results/soak.json');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
