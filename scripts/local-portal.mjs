// The built portal as a local process for the bench and the screenshots (127.0.0.1 only):
// start it on a given database, sign in, and launch Debian's chromium the way the e2e tests do.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const defaultEntry = join(root, 'apps/server/dist/main.js');

/** The node flags `npm start` gives the server (package.json), so it is measured as it runs. */
function startFlags() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const command = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(scripts.start);
  return command ? command[1].trim().split(' ').filter(Boolean) : [];
}

export { chromiumFlags, chromiumPath } from './chromium.mjs';

/**
 * Starts the built server (apps/server/dist/main.js, or `entry`) with demo data; resolves once it
 * serves, with the node flags of `npm start`. nodeArgs: more, e.g. --cpu-prof; env: more or other
 * variables.
 */
export function startPortal({ port, databaseUrl, webDist, nodeArgs = [], env = {}, entry = defaultEntry }) {
  const child = spawn(process.execPath, [...startFlags(), ...nodeArgs, entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(webDist ? { WEB_DIST: webDist } : {}),
      PORTAL_DEMO: '1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    },
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

/** POST /rest/auth with Basic credentials: `{ token, oid }`. */
export async function signIn(base, email, password) {
  const res = await fetch(`${base}/rest/auth`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`sign-in of ${email} answered ${res.status}`);
  return res.json();
}
