import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { serviceKeys, userKeys } from '@/lib/query-keys';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { storageKeys } from '@/lib/storage';
import { server } from '@/testing/msw-server';
import { useLogout } from './logout';

function setup(path: string) {
  window.localStorage.setItem(storageKeys.token, 'tok');
  window.localStorage.setItem(storageKeys.oid, 'u1');
  window.localStorage.setItem(storageKeys.language, 'en');
  const queryClient = new QueryClient();
  queryClient.setQueryData(userKeys.one('u1'), { id: 'u1' });
  queryClient.setQueryData(projectKeys.list('u1'), []);
  queryClient.setQueryData(serviceKeys.list('de'), []);
  let logout: ReturnType<typeof useLogout> | undefined;
  function Probe() {
    logout = useLogout();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient, logout: () => logout! };
}

describe('useLogout', () => {
  it('ends the session on the server, forgets the user and goes to /', async () => {
    let authorization: string | null = null;
    server.use(
      http.post('*/rest/logout', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router, queryClient, logout } = setup('/price');
    await act(() => logout().mutateAsync());
    expect(authorization).toBe('Bearer tok');
    for (const key of [storageKeys.token, storageKeys.oid, storageKeys.language]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(queryClient.getQueryData(userKeys.one('u1'))).toBeUndefined();
    expect(queryClient.getQueryData(projectKeys.list('u1'))).toBeUndefined();
    // The public catalogue stays cached.
    expect(queryClient.getQueryData(serviceKeys.list('de'))).toEqual([]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('stays on the service overview, and signs out locally even when the server fails', async () => {
    server.use(http.post('*/rest/logout', () => HttpResponse.error()));
    const { router, logout } = setup('/services');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => logout().mutateAsync());
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/services');
    expect(log).toHaveBeenCalledOnce();
  });
});
