// The built portal as a local process for the bench and the screenshots (127.0.0.1 only):
// start it on a given database, sign in, and launch Debian's chromium the way the e2e tests do.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const defaultEntry = join(root, 'apps/server/dist/main.js');

/**
 * The environment and node flags `npm start` gives the server (package.json), so it is measured
 * as it runs: `[NAME=value …] node [--flag …] apps/server/dist/main.js`.
 */
function startCommand() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const command = /((?:[A-Z_]+=\S+ )*)node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts.start);
  const words = (text) => (text ?? '').trim().split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(command?.[1]).map((pair) => pair.split('=', 2))),
    flags: words(command?.[2]),
  };
}

export { chromiumFlags, chromiumPath } from './chromium.mjs';

/**
 * Starts the built server (apps/server/dist/main.js, or `entry`) with demo data; resolves once it
 * serves, with the environment and node flags of `npm start`. nodeArgs: more, e.g. --cpu-prof; env: more or other
 * variables. logFile: standard output (the JSON log lines) goes to that file, as a log shipper
 * would take it, instead of a pipe to this process, which would have to read every line.
 */
export function startPortal({
  port,
  databaseUrl,
  webDist,
  nodeArgs = [],
  env = {},
  entry = defaultEntry,
  logFile,
}) {
  const out = logFile ? openSync(logFile, 'w') : 'pipe';
  const start = startCommand();
  const child = spawn(process.execPath, [...start.flags, ...nodeArgs, entry], {
    env: {
      ...process.env,
      ...start.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      PORTAL_DEMO: '1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', out, 'inherit'],
  });
  if (logFile) closeSync(out);
  return new Promise((resolve, reject) => {
    const serving = (text) => {
      if (!text.includes('Portal serving')) return false;
      clearInterval(poll);
      resolve(child);
      return true;
    };
    let text = '';
    // The start-up lines come first, in the file or on the pipe.
    const poll = logFile ? setInterval(() => serving(readFileSync(logFile, 'utf8')), 100) : undefined;
    child.stdout?.on('data', (d) => {
      if (text === undefined) return;
      text += d;
      if (serving(text)) text = undefined;
    });
    child.on('exit', (code) => {
      clearInterval(poll);
      reject(new Error(`server exited ${code}`));
    });
  });
}

/** POST /rest/auth with Basic credentials: `{ token, oid }`. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/rest/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.json();
}
