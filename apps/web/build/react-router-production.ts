import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router's package points every import at its development build, whose only difference
 * from the production build beside it is that development warnings are on (a flag the
 * minifier cannot remove: the warnings and their texts ship). The production bundle takes the
 * production build; dev server and tests keep the warnings.
 *
 * The production build is one module holding every component, so what the app does not use
 * must be dropped statement by statement, and two things there keep unused components alive:
 * `X.displayName = "X"` after each one (a property write, which the bundler must keep), and
 * `React.forwardRef(…)` / `React.memo(…)` / `React.createContext(…)` calls without the
 * `@__PURE__` mark (the bundler cannot know they have no effect). Both are rewritten here: the
 * display names go (only React's developer tools read them) and the calls are marked pure.
 * Unused components such as `Form` (with the submission code behind it) then leave the bundle:
 * about 1.3 KB gzip of first-load JS (docs/performance.md#where-the-budgets-are-missed-and-why).
 */
export function reactRouterProduction(): Plugin {
  const dist = join(
    dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
        ],
      },
    }),
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        const rewritten = withoutDisplayNames(code);
        // Lines and the columns of all other lines stay as they were, so the source map of
        // the module (none is made for these few changes) still fits.
        return rewritten === code ? null : { code: rewritten, map: null };
      },
    },
  };
}

/** The two rewrites above, for one module of React Router's production build. */
function withoutDisplayNames(code: string): string {
  return code
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
    .replace(/= (React\d*)\.(forwardRef|memo|createContext)\(/g, '= /* @__PURE__ */ $1.$2(');
}
