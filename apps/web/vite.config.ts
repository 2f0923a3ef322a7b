import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { minifyPublicScripts } from './build/minify-public-scripts.ts';
import { precompress } from './build/precompress.ts';
import { reactRouterProduction } from './build/react-router-production.ts';
import { renderingBundle } from './build/rendering-bundle.ts';
import { preloadHelper } from './build/preload-helper.ts';
import { productionBuild } from './build/production-build.ts';
import { shellPreload } from './build/shell-preload.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Vite reads a default export; this is the one place where the named-exports rule yields.
// `vite build --ssr src/entry-server.tsx` builds the server-side rendering of the public pages
// (docs/performance.md#public-pages-rendered-on-the-server) into the web build's ssr/ folder.
export default defineConfig({
  // Explicit root, so the config works the same from the repository root and from apps/web.
  root,
  plugins: [productionBuild(), react(), tailwindcss(), reactRouterProduction(), minifyPublicScripts(), precompress(), renderingBundle(), shellPreload(), preloadHelper()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // Zod without its eval probe, which the Content Security Policy reports (see the file).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
      // React 19 has useSyncExternalStore; skip the shim's fallback (see the target file).
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 3000,
    strictPort: true,
    // The API server runs beside Vite in development (`npm run dev`).
    proxy: { '/rest': { target: 'http://127.0.0.1:3001' } },
  },
  preview: { port: 3000, strictPort: true },
  build: {
    // No polyfill for <link rel="modulepreload"> (~0.3 KB gzip of first-load JS): the browsers
    // without it (Safari before 17) still load every module, only without fetching a lazy
    // chunk's imports ahead.
    modulePreload: { polyfill: false },
    outDir: 'dist',
    // .vite/manifest.json: the server preloads a rendered page's screen chunks from it
    // (docs/performance.md#first-load-javascript).
    manifest: true,
    emptyOutDir: true,
    // Routes are lazy chunks; keep an eye on the entry chunk (budget: 130 KB gzip for /services).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        // Everything the first paint needs in ONE chunk: by default rolldown splits the modules
        // shared with lazy routes into many small chunks (25 requests, ~6 KB more gzip).
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
