// Installs the bench's own dependencies (bench/package.json: Lighthouse and chrome-launcher)
// when they are missing. They are kept out of the root workspaces so that the `npm ci` of tests
// and CI does not install Lighthouse's ~200 packages. The rest (Playwright, autocannon, the
// database drivers) comes from the root install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const bench = new URL('.', import.meta.url).pathname;
if (!existsSync(join(bench, 'node_modules/lighthouse/package.json'))) {
  console.log('bench: installing its dependencies (bench/package.json)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
}
