import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { userQueryOptions } from '@/resources/person';
import { logoutWhenUserLoadFails } from './auth';
import { projectKeys } from './query-keys-signed-in';
import { writeSession } from './session';
import { storageKeys } from './storage';

function signedIn() {
  writeSession({ token: 'tok', oid: 'u1' });
  window.localStorage.setItem(storageKeys.language, 'en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(projectKeys.list('u1'), []);
  const onLoggedOut = vi.fn();
  logoutWhenUserLoadFails(queryClient, onLoggedOut);
  return { queryClient, onLoggedOut };
}

describe('a signed-in user that cannot be loaded', () => {
  it('is logged out locally when the account is gone', async () => {
    server.use(http.get('*/rest/collection/person/u1', () => new HttpResponse(null, { status: 404 })));
    const { queryClient, onLoggedOut } = signedIn();
    await queryClient.fetchQuery(userQueryOptions('u1')).catch(() => undefined);
    for (const key of [storageKeys.token, storageKeys.oid, storageKeys.language]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
    expect(queryClient.getQueryData(projectKeys.list('u1'))).toBeUndefined();
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('is logged out when the server keeps failing', async () => {
    server.use(
      http.get('*/rest/collection/person/u1', () =>
        HttpResponse.json({ error: { code: 'internal', message: 'x' } }, { status: 500 }),
      ),
    );
    const { queryClient, onLoggedOut } = signedIn();
    await queryClient.fetchQuery(userQueryOptions('u1')).catch(() => undefined);
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(onLoggedOut).toHaveBeenCalledOnce();
  });

  it('stays signed in when the user loads', async () => {
    server.use(http.get('*/rest/collection/person/u1', () => HttpResponse.json({ id: 'u1' })));
    const { queryClient, onLoggedOut } = signedIn();
    await queryClient.fetchQuery(userQueryOptions('u1'));
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok');
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('ignores a failed load of somebody else than the stored user', async () => {
    server.use(http.get('*/rest/collection/person/u2', () => new HttpResponse(null, { status: 404 })));
    const { queryClient, onLoggedOut } = signedIn();
    await queryClient.fetchQuery(userQueryOptions('u2')).catch(() => undefined);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('tok');
    expect(onLoggedOut).not.toHaveBeenCalled();
  });
});
