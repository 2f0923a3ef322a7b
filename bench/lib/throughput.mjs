// Throughput of the portal beside a bare node:http server answering the same bytes, in one run:
// on a shared, noisy machine only the ratio of the two means something. Each route is measured
// in alternating rounds (portal, bare, portal, bare, …) after a warm-up of both; each round
// gives a ratio (the portal's req/s over the bare server's in the round after it), and the
// figure is the median of those ratios, reported with their minimum and maximum (the spread of
// the machine). autocannon runs in this process, each server in its own.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

const here = new URL('.', import.meta.url).pathname;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Starts bare-server.mjs with the portal's answers for these URLs. */
export async function startBareServer(answers, port, dir) {
  const file = join(dir, 'bare-answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn(process.execPath, [join(here, 'bare-server.mjs'), file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
  return child;
}

/** One answer of the portal as the bare server will replay it. */
export async function captureAnswer(base, path, headers) {
  const res = await fetch(`${base}${path}`, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/json',
    body: body.toString('base64'),
    bytes: body.length,
  };
}

async function cannon(url, headers, options) {
  const r = await autocannon({ url, headers, connections: options.connections, duration: options.seconds });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx };
}

/**
 * routes: [{ name, path, headers, minRatio }]. Returns one figure per route: the median, minimum
 * and maximum of the rounds' ratios, the portal's and the bare server's req/s (medians), the
 * portal's p99 (median) and its errors, and every round.
 */
export async function compareWithBare({
  portalBase,
  bareBase,
  routes,
  rounds = 5,
  seconds = 6,
  connections = 50,
  log = console.log,
}) {
  const options = { seconds, connections };
  const figures = [];
  const ratioOf = (portal, bare) => Math.round((portal / bare) * 100) / 100;
  for (const route of routes) {
    const portalUrl = `${portalBase}${route.path}`;
    const bareUrl = `${bareBase}${route.path}`;
    await cannon(portalUrl, route.headers, { connections, seconds: 2 });
    await cannon(bareUrl, {}, { connections, seconds: 2 });
    const portal = [];
    const bare = [];
    for (let i = 0; i < rounds; i++) {
      portal.push(await cannon(portalUrl, route.headers, options));
      bare.push(await cannon(bareUrl, {}, options));
    }
    const ratios = portal.map((r, i) => ratioOf(r.rps, bare[i].rps));
    const figure = {
      name: route.name,
      path: route.path,
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      portalRps: Math.round(median(portal.map((r) => r.rps))),
      bareRps: Math.round(median(bare.map((r) => r.rps))),
      p99Ms: median(portal.map((r) => r.p99)),
      errors: portal.reduce((sum, r) => sum + r.errors, 0),
      rounds: portal.map((r, i) => ({
        portalRps: Math.round(r.rps),
        bareRps: Math.round(bare[i].rps),
        ratio: ratios[i],
        p99Ms: r.p99,
      })),
      minRatio: route.minRatio,
    };
    figures.push(figure);
    log(
      `${route.name.padEnd(26)} ratio ${figure.ratio.toFixed(2)} (min ${figure.ratioMin.toFixed(2)}, max ${figure.ratioMax.toFixed(2)}; goal ≥ ${route.minRatio})  ` +
        `portal ${String(figure.portalRps).padStart(6)} req/s  bare ${String(figure.bareRps).padStart(6)} req/s  p99 ${figure.p99Ms} ms  errors ${figure.errors}`,
    );
  }
  return figures;
}
