import type { QueryClient } from '@tanstack/react-query';
import { createPath, redirect, replace, type LoaderFunction, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/config/paths';
import { isApiError, isNotFoundError } from '@/lib/api-errors';
import { requestLogin } from '@/lib/app-events';
import { currentLanguage, ensureNamespaces, type I18n } from '@/lib/i18n';
import type { Namespace } from '@/lib/i18n-namespaces';
import type { LoaderContext, RouteDataLoader } from '@/lib/route-loader';
import { readSession } from '@/lib/session';
import type { AppRouter } from './router';

export interface PreloadDependencies {
  queryClient: QueryClient;
  i18n: I18n;
  /** Resolves when i18next has its start namespaces (the first route's are in the same request). */
  i18nReady: Promise<void>;
  /** The router, once created (loaders of the first navigation may start before). */
  router: () => AppRouter | undefined;
}

/** What the preload needs to know of a screen route (app/router.tsx). */
interface PreloadRoute {
  namespaces: readonly Namespace[];
  data?: () => Promise<RouteDataLoader>;
  /** Shows the signed-in user's data. */
  signIn?: true;
}

/**
 * The loader of every screen route (docs/architecture.md#data-flow-of-a-screen): the route's translation
 * namespaces in the current language and, in parallel, its data (the feature's loader, imported
 * lazily together with the screen, while the screen's chunk loads).
 *
 * A failed preload keeps the user where they are and is only logged. The data router commits a
 * navigation only after all loaders have settled, and a loader that throws would commit it with
 * the error boundary. So on failure the loader itself starts a navigation back to the location
 * still on screen (replace, same state, no scroll reset): the router aborts the pending
 * navigation and drops its result, history keeps exactly the entries it had, and the screen on
 * view re-validates from the query cache. Two cases cannot stay and render the error boundary
 * instead (it offers a retry): the first load (nothing on screen yet) and back/forward (the
 * browser has already moved the address bar).
 *
 * A not-found answer is not a failed preload: it leads to /404 (e.g. an unknown legal page).
 *
 * A screen of the signed-in user's data entered signed out asks for the login once, on entry
 * (after the login the app revalidates and the screen shows the data). Only on entry: when the
 * session ends while such a screen is on view (logout, a 401, another tab) nobody asked to
 * sign in, and the screen shows its signed-out panel with a login button instead.
 */
export function preloadLoader(deps: PreloadDependencies, route: PreloadRoute): LoaderFunction {
  const { namespaces, data, signIn } = route;
  const context: LoaderContext = {
    queryClient: deps.queryClient,
    language: () => currentLanguage(deps.i18n),
  };
  return async (args) => {
    if (signIn && !readSession() && entersPage(deps, args)) requestLogin();
    try {
      await Promise.all([
        deps.i18nReady.then(() => ensureNamespaces(deps.i18n, namespaces)),
        data?.().then((load) => load(context, args)),
      ]);
      return null;
    } catch (error) {
      return stayOnFailure(deps, args, error);
    }
  };
}

/** A navigation to another page, or the first load; not a revalidation of the page on view. */
function entersPage(deps: PreloadDependencies, args: LoaderFunctionArgs): boolean {
  const router = deps.router();
  if (!router?.state.initialized) return true;
  return new URL(args.request.url).pathname !== router.state.location.pathname;
}

/** A route that only forwards (`/` → `/services`, unknown → `/404`). */
export function redirectLoader(deps: PreloadDependencies, to: string): LoaderFunction {
  return () => redirectTo(deps, to);
}

/**
 * An in-app link that redirects should push the target (the page the user came from stays in
 * history); on the first load or back/forward the address bar already shows the source, which
 * must be replaced, or the back button would lead into the redirect again.
 */
function redirectTo(deps: PreloadDependencies, to: string): Response {
  return addressBarMoved(deps) ? replace(to) : redirect(to);
}

function addressBarMoved(deps: PreloadDependencies): boolean {
  const router = deps.router();
  if (!router?.state.initialized) return true;
  const addressBar = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  return addressBar !== createPath(router.state.location);
}

function stayOnFailure(deps: PreloadDependencies, args: LoaderFunctionArgs, error: unknown): null {
  if (error instanceof Response) {
    // A feature's redirect (e.g. a corrected slug) is an answer, not a failure.
    const location = error.headers.get('Location');
    throw location && error.status >= 300 && error.status < 400 ? redirectTo(deps, location) : error;
  }
  if (isNotFoundError(error)) throw redirectTo(deps, paths.notFound());
  // An admin without a second factor, where the portal requires one: the profile's two-factor
  // section, which says why (docs/security.md#admins).
  if (isApiError(error, 'mfaRequired')) throw redirectTo(deps, paths.profileTwoFactorRequired());
  // Superseded already (another click, or a 401 that sent the user to '/'): nothing to undo.
  if (args.request.signal.aborted) return null;

  const url = new URL(args.request.url);
  console.error(`Preload of ${url.pathname} failed; staying on the current page.`, error);

  const router = deps.router();
  if (!router || addressBarMoved(deps)) throw error;
  const shown = router.state.location;
  // Re-validation of the page on view (e.g. right after staying): keep showing it.
  if (url.pathname === shown.pathname && url.search === shown.search) return null;
  void router.navigate(createPath(shown), {
    replace: true,
    state: shown.state as unknown,
    preventScrollReset: true,
  });
  return null;
}
