import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NotFoundError } from '@/lib/api-errors';
import { onLoginRequest } from '@/lib/app-events';
import { createI18n } from '@/lib/i18n';
import type { RouteDataLoader } from '@/lib/route-loader';
import { clearLocalSession, writeSession } from '@/lib/session';
import { server } from '@/testing/msw-server';
import { preloadLoader, redirectLoader, type PreloadDependencies } from './preload';
import type { AppRouter } from './router';

const failing: RouteDataLoader = () => Promise.reject(new Error('server down'));
const missing: RouteDataLoader = () => Promise.reject(new NotFoundError());
const secondFactorMissing: RouteDataLoader = () =>
  Promise.reject(
    new ApiError({
      status: 403,
      code: 'mfaRequired',
      message: 'Admins brauchen eine Zwei-Faktor-Anmeldung.',
    }),
  );

async function setup(startAt: string) {
  server.use(http.get('*/rest/collection/translation', () => HttpResponse.json([])));
  const { i18n, ready } = createI18n();
  const holder: { router?: AppRouter } = {};
  const deps: PreloadDependencies = {
    queryClient: new QueryClient(),
    i18n,
    i18nReady: ready,
    router: () => holder.router,
  };
  const screen = (path: string, data?: RouteDataLoader): RouteObject => ({
    path,
    loader: preloadLoader(deps, { namespaces: [], ...(data ? { data: () => Promise.resolve(data) } : {}) }),
    element: null,
  });
  const routes: RouteObject[] = [
    {
      path: '/',
      errorElement: null,
      children: [
        screen('a'),
        screen('b', failing),
        screen('c', missing),
        screen('console', secondFactorMissing),
        screen('profile'),
        screen('404'),
        { path: 'mine', loader: preloadLoader(deps, { namespaces: [], signIn: true }), element: null },
        { path: 'old', loader: redirectLoader(deps, '/a') },
      ],
    },
  ];
  window.history.replaceState(null, '', startAt);
  holder.router = createBrowserRouter(routes);
  const router = holder.router;
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

async function settled(router: AppRouter) {
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
}

describe('preloadLoader', () => {
  it('keeps the user on the current page when a preload fails, and only logs', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await setup('/a');
    window.scrollTo = vi.fn();
    const entries = window.history.length;

    await router.navigate('/b');
    await settled(router);

    expect(router.state.location.pathname).toBe('/a');
    expect(window.location.pathname).toBe('/a');
    expect(window.history.length).toBe(entries);
    expect(router.state.errors).toBeNull();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('/b'), expect.any(Error));
    router.dispose();
  });

  it('shows the error boundary when the very first load fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = await setup('/b');
    expect(router.state.errors).not.toBeNull();
    router.dispose();
  });

  it('sends a not-found answer to /404, pushing it after an in-app link', async () => {
    const router = await setup('/a');
    const entries = window.history.length;
    await router.navigate('/c');
    await settled(router);
    expect(router.state.location.pathname).toBe('/404');
    expect(window.history.length).toBe(entries + 1);
    router.dispose();
  });

  it('leads an admin without a second factor from the console to the profile that says why', async () => {
    const router = await setup('/a');
    await router.navigate('/console');
    await settled(router);
    expect(router.state.location).toMatchObject({
      pathname: '/profile',
      search: '?mfa=required',
      hash: '#two-factor',
    });
    router.dispose();
    // Opened directly (first load): the same, instead of the error panel.
    const direct = await setup('/console');
    await settled(direct);
    expect(direct.state.location.pathname).toBe('/profile');
    expect(direct.state.errors).toBeNull();
    direct.dispose();
  });

  it("asks for the login when a signed-in user's screen is entered signed out, not when it revalidates", async () => {
    const requests = vi.fn();
    const stopListening = onLoginRequest(requests);
    const router = await setup('/a');
    await router.navigate('/mine');
    await settled(router);
    expect(requests).toHaveBeenCalledOnce();
    // The page on view loads again (e.g. after a logout elsewhere): nobody asked to sign in.
    await router.revalidate();
    await settled(router);
    expect(requests).toHaveBeenCalledOnce();
    // Signed in, nothing to ask.
    writeSession({ token: 'tok', oid: 'u1' });
    await router.navigate('/a');
    await router.navigate('/mine');
    await settled(router);
    expect(requests).toHaveBeenCalledOnce();
    clearLocalSession();
    stopListening();
    router.dispose();
  });

  it('replaces the entry when the first load redirects', async () => {
    const entries = window.history.length;
    const router = await setup('/old');
    expect(router.state.location.pathname).toBe('/a');
    expect(window.history.length).toBe(entries);
    router.dispose();
  });
});
