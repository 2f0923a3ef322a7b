import type { Plugin } from 'vite';

/**
 * Every `vite build` (the browser's build and the server-side rendering bundle) is React's
 * production build, whatever NODE_ENV the shell has: `npm start` builds under the caller's
 * environment, and with NODE_ENV=development Vite would compile JSX for React's development
 * build and keep its warnings (a 197 KB instead of a 130 KB gzip entry). Vitest, which sets
 * NODE_ENV=test, builds nothing; the dev server is not a build.
 */
export function productionBuild(): Plugin {
  return {
    name: 'portal-production-build',
    apply: 'build',
    config: () => {
      // Read by Vite after the plugins' config hooks (config.isProduction, which the React
      // plugin's JSX transform follows) and by the dependencies' process.env.NODE_ENV checks.
      process.env.NODE_ENV = 'production';
      return { define: { 'process.env.NODE_ENV': JSON.stringify('production') } };
    },
  };
}
