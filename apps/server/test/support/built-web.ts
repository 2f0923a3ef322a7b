import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

/**
 * A web build with its server-side rendering bundle, as `npm run build -w apps/web` makes it, in
 * a folder of its own (half a minute); TEST_WEB_DIST names one made before instead.
 */
export async function buildWeb(): Promise<{ dir: string; remove: () => void }> {
  const given = process.env.TEST_WEB_DIST;
  if (given) return { dir: given, remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'portal-web-ssr-'));
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  // As `npm run build` runs: vitest sets NODE_ENV=test, with which Vite would compile JSX for
  // React's development build while the rendering bundle holds the production one.
  const env = { ...process.env, NODE_ENV: 'production' };
  const options = { cwd: join(root, 'apps/web'), env, maxBuffer: 16 * 1024 * 1024 };
  await run(
    process.execPath,
    [vite, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    options,
  );
  await run(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      join(dir, 'ssr'),
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    options,
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
