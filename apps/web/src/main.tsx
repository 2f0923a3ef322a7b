import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createAppRouter, namespacesFor } from './app/router';
import { paths } from './config/paths';
import { forgetPrivateData, logoutWhenUserLoadFails } from './lib/auth';
import { keyStartEntry } from './lib/history-key';
import { createI18n, currentLanguage, followLanguageOnLogout } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { configureRestClient } from './lib/rest-client';
import './styles/index.css';

// Start-up, the only module with effects. Texts, route chunk and route data load in parallel:
// i18next fetches the start namespaces together with the first route's; the router starts that
// route's loaders at once; React renders when the texts are there.
async function start(): Promise<void> {
  const queryClient = createQueryClient();
  const { i18n, ready } = createI18n(namespacesFor(window.location.pathname));
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
  const router = createAppRouter({ queryClient, i18n, i18nReady: ready });
  logoutWhenUserLoadFails(queryClient, () => void router.navigate(paths.home()));
  followLanguageOnLogout(i18n);
  await ready;
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

void start();
