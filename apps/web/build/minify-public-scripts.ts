import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { clientOutDir } from './client-out-dir.ts';

/**
 * The scripts of the public folder (theme-init.js, loaded before the first paint) are copied
 * into the build as they are written, with their comments; the build's copies are minified
 * like the bundle (theme-init.js: 0.4 → 0.2 KB gzip of first-load JS,
 * docs/performance.md#first-load-javascript).
 */
export function minifyPublicScripts(): Plugin {
  let publicDir = '';
  let outDir = '';
  return {
    name: 'portal-minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
      outDir = clientOutDir(config);
    },
    writeBundle() {
      if (!outDir || !publicDir) return;
      for (const name of readdirSync(publicDir)) {
        if (!name.endsWith('.js')) continue;
        const file = join(outDir, name);
        const result = minifySync(name, readFileSync(file, 'utf8'), { compress: true, mangle: true });
        if (result.errors.length > 0) this.error(`${name}: ${result.errors[0]?.message}`);
        writeFileSync(file, result.code);
      }
    },
  };
}
