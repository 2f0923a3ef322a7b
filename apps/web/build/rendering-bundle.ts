import type { Plugin } from 'vite';

/**
 * Settings of `vite build --ssr src/entry-server.tsx`, the server-side rendering bundle the
 * server imports (docs/performance.md#public-pages-rendered-on-the-server): self-contained,
 * since the server's image has none of the web app's dependencies; no copy of the public
 * folder. React's production build, as every build (production-build.ts).
 */
export function renderingBundle(): Plugin {
  return {
    name: 'portal-rendering-bundle',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    config: () => ({
      publicDir: false,
      ssr: { noExternal: true },
      // Screens stay chunks of their own, loaded when a page first needs them: the server does
      // not hold the signed-in screens (charts, forms) in memory.
      // No manifest: only the browser's build has one (the server reads it to preload chunks).
      build: { manifest: false, rolldownOptions: { output: { codeSplitting: true } } },
    }),
  };
}
