import { startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, loadScreens, namespacesFor, serverRendering } from './app/router';
import { readRenderedPage, type RenderedPage } from './app/server-rendering';
import { paths } from './config/paths';
import { forgetPrivateData, logoutWhenUserLoadFails } from './lib/auth';
import { keyStartEntry } from './lib/history-key';
import { createI18n, currentLanguage, followLanguageOnLogout, type I18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { configureRestClient } from './lib/rest-client';
import { readStorage, storageKeys } from './lib/storage';
import './styles/index.css';

/** Runs `onHydrated` once the server's markup is the app's (effects run after hydration). */
function AfterHydration({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * A page the server rendered (docs/performance.md#public-pages-rendered-on-the-server): the app
 * starts from the same texts, data and language, so it takes over the markup unchanged; then
 * the language chosen on this device, if another, replaces the page's.
 */
function adoptRenderedPage(page: RenderedPage, queryClient: ReturnType<typeof createQueryClient>) {
  // An address that names nothing was answered with the not-found page; the app shows it at
  // /404, as after a navigation.
  if (window.location.pathname !== page.path)
    window.history.replaceState(window.history.state, '', page.path);
  // The server drops its rendering when the catalogue changes, so the data is as fresh as a
  // request made now: it counts from now (no request again at once). Only successful answers
  // are in it, so setting the data is all there is to it (and lighter than the library's hydrate).
  for (const query of page.queries.queries) queryClient.setQueryData(query.queryKey, query.state.data);
}

function switchToStoredLanguage(i18n: I18n): void {
  const stored = readStorage(storageKeys.language);
  if (stored && stored !== currentLanguage(i18n)) void i18n.changeLanguage(stored);
}

// Start-up, the only module with effects. Texts, route chunk and route data load in parallel:
// i18next fetches the start namespaces together with the first route's; the router starts that
// route's loaders at once; React renders when the texts are there.
async function start(): Promise<void> {
  const queryClient = createQueryClient();
  const page = readRenderedPage();
  if (page) adoptRenderedPage(page, queryClient);
  const { i18n, ready } = createI18n(
    namespacesFor(window.location.pathname),
    page && { language: page.language, resources: page.texts },
  );
  configureRestClient({
    language: () => currentLanguage(i18n),
    // Only called after a 401 answer (the session is already cleared), long after `router`
    // below exists. A 401 means local logout, then '/'.
    onUnauthorized: () => {
      forgetPrivateData(queryClient);
      void router.navigate(paths.home());
    },
  });
  keyStartEntry();
  const rendering = page ? serverRendering(window.location.pathname) : undefined;
  const rendered =
    page && rendering?.kind === 'page'
      ? { screens: await loadScreens(rendering.screens), hydrationData: page.router }
      : undefined;
  const router = createAppRouter({ queryClient, i18n, i18nReady: ready }, rendered);
  logoutWhenUserLoadFails(queryClient, () => void router.navigate(paths.home()));
  followLanguageOnLogout(i18n);
  await ready;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  if (!rendered) {
    createRoot(container).render(
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread until the whole page is taken over; the page is already visible, and a click
  // meanwhile hydrates its part first (docs/performance.md#public-pages-rendered-on-the-server).
  startTransition(() => {
    hydrateRoot(
      container,
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <AfterHydration onHydrated={() => switchToStoredLanguage(i18n)}>
          <RouterProvider router={router} />
        </AfterHydration>
      </AppProvider>,
    );
  });
}

void start();
