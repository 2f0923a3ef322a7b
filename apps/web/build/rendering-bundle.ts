import type { Plugin } from 'vite';

/**
 * Settings of `vite build --ssr src/entry-server.tsx`, the server-side rendering bundle the
 * server imports (docs/performance.md#public-pages-rendered-on-the-server): self-contained,
 * since the server's image has none of the web app's dependencies; React's production
 * build whatever NODE_ENV the server runs with; no copy of the public folder.
 */
export function renderingBundle(): Plugin {
  return {
    name: 'portal-rendering-bundle',
    apply: (_config, env) => env.command === 'build' && env.isSsrBuild === true,
    config: () => {
      // Whatever NODE_ENV the build runs under (vitest sets test): JSX compiled for React's
      // production build, the one this bundle holds.
      process.env.NODE_ENV = 'production';
      return {
        publicDir: false,
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        // Screens stay chunks of their own, loaded when a page first needs them: the server does
        // not hold the signed-in screens (charts, forms) in memory.
        // No manifest: only the browser's build has one (the server reads it to preload chunks).
        build: { manifest: false, rolldownOptions: { output: { codeSplitting: true } } },
      };
    },
  };
}
