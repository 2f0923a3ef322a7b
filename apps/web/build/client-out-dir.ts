import { resolve } from 'node:path';
import type { ResolvedConfig } from 'vite';

/**
 * Where the browser's build is written, as an absolute path (resolve, not join: an absolute
 * --outDir, such as a private build in /tmp, stays absolute); '' for the server-side rendering
 * bundle, which the server reads from disk and never sends, so the plugins that rework sent
 * files leave it alone.
 */
export function clientOutDir(config: ResolvedConfig): string {
  return config.build.ssr ? '' : resolve(config.root, config.build.outDir);
}
