// Start-up smoke test of a checkout as a person starts it: `npm start` (which builds the web app
// and the server first), then the readiness check, a public page rendered on the server, and
// the page's entry script. Run by .ci/node-lines under each newer Node line, with
// NODE_ENV=development in the environment on purpose: `npm start` must build React's
// production build whatever NODE_ENV the shell has (docs/performance.md#first-load-javascript).
//
//   node .ci/smoke-start.mjs            (from the checkout's root; exits 0 when every check passed)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
/** The build (web app and server) comes first; on a busy two-core machine it takes minutes. */
const START_TIMEOUT_MS = 8 * 60_000;
const STOP_TIMEOUT_MS = 15_000;

// Texts only React's development build carries, and one only its production build carries.
const REACT_DEVELOPMENT_TEXTS = ['cannot be a child of', 'unique "key" prop'];
const REACT_PRODUCTION_TEXT = 'Minified React error';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function check(condition, what) {
  if (!condition) throw new Error(`smoke: ${what}`);
  console.log(`smoke: ok, ${what}`);
}

/** Starts `npm start` in its own process group (npm, its shell and node) and waits for the line. */
function npmStart(env) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const serving = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start did not serve within ${START_TIMEOUT_MS / 1000} s`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on('data', () => {
      if (output.includes('Portal serving')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code ?? signal}) before serving`));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return exited;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, STOP_TIMEOUT_MS);
    const result = await exited;
    clearTimeout(timer);
    return result;
  };
  return { serving, stop, output: () => output };
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-smoke-'));
const started = Date.now();
const server = npmStart({
  ...process.env,
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATABASE_URL: `sqlite:${join(dataDir, 'portal.sqlite')}`,
  PORTAL_DEMO: '1',
  LOG_LEVEL: 'warn',
});
let failed = false;
try {
  await server.serving;
  console.log(
    `smoke: npm start serves on ${base} after ${Math.round((Date.now() - started) / 1000)} s (build included), ${process.version}`,
  );

  const ready = await fetch(`${base}/rest/ready`);
  check(
    ready.status === 200 && (await ready.json()).status === 'ok',
    'GET /rest/ready answers 200 {"status":"ok"}',
  );

  const services = await (await fetch(`${base}/rest/collection/service?orderby=name`)).json();
  check(Array.isArray(services) && services.length > 0, `the catalogue lists ${services.length} services`);
  const page = await fetch(`${base}/services`);
  const html = await page.text();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="rendered-page">/.exec(
    html,
  );
  check(
    page.status === 200 && root !== null && root[1].length > 0,
    'GET /services is rendered on the server (#root has content and page data)',
  );
  // A service's German name from the API (the page without ?lang=en is German), as the page's
  // markup writes it (& < > " escaped).
  const name = services[0].name.de;
  const escaped = name
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  check(root[1].includes(escaped), `the rendered /services names the service "${name}"`);

  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  check(entry !== undefined, `the page loads its entry script (${entry})`);
  const script = await (await fetch(new URL(entry, base))).text();
  const developmentText = REACT_DEVELOPMENT_TEXTS.find((text) => script.includes(text));
  check(
    developmentText === undefined && script.includes(REACT_PRODUCTION_TEXT),
    `the entry script holds React's production build though NODE_ENV=development (${Math.round(script.length / 1024)} KB)`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
  console.error(`--- output of npm start (last 4,000 characters) ---\n${server.output().slice(-4000)}`);
} finally {
  const { code, signal } = await server.stop();
  console.log(`smoke: npm start stopped (${code ?? signal})`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
