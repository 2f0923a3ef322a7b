import type { Plugin } from 'vite';

const vitePreloadHelper = '\0vite/preload-helper.js';

/**
 * Vite wraps every `import()` of the browser's build in `__vitePreload(load, deps)`, which adds
 * a `<link>` for each chunk and style sheet the imported chunk needs (so they load in parallel),
 * waits for the style sheets, then imports. The entry holds one `import()` (the on-demand chunk),
 * so the helper is part of the first-load JavaScript: Vite's own is 0.65 KB gzip, with what this
 * app does not use (a CSP nonce for the links, the `vite:preloadError` event, a preload's
 * absolute URL through `import.meta.resolve`). This one keeps the rest: module preloads (rel
 * preload where the browser has no modulepreload), style sheets waited for, nothing added twice
 * or that the page already links (docs/performance.md#first-load-javascript).
 */
export function preloadHelper(): Plugin {
  let base = '/';
  return {
    name: 'portal-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      return id === vitePreloadHelper ? { code: helperCode(base), moduleSideEffects: false } : null;
    },
  };
}

const helperCode = (base: string) => `
const base = ${JSON.stringify(base)};
const scriptRel = /* @__PURE__ */ (() => {
  const list = document.createElement('link').relList;
  return list && list.supports && list.supports('modulepreload') ? 'modulepreload' : 'preload';
})();
// href → the promise of a style sheet still loading, undefined once settled or for a script.
const seen = {};
function preload(href, css) {
  if (href in seen) return seen[href];
  seen[href] = undefined;
  if (document.querySelector('link[href="' + href + '"]' + (css ? '[rel=stylesheet]' : ''))) return;
  const link = document.createElement('link');
  link.rel = css ? 'stylesheet' : scriptRel;
  if (!css) link.as = 'script';
  link.crossOrigin = '';
  link.href = href;
  if (css) {
    seen[href] = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = () => reject(new Error('Unable to preload CSS for ' + href));
    }).finally(() => {
      seen[href] = undefined;
    });
  }
  document.head.appendChild(link);
  return seen[href];
}
export const __vitePreload = (load, deps) =>
  Promise.all((deps || []).map((dep) => preload(base + dep, dep.endsWith('.css')))).then(load);
`;
