import type { QueryClient } from '@tanstack/react-query';
import { publicQueryRoots, userKeys } from './query-keys';
import { clearLocalSession, readSession } from './session';

/** Drops every cached answer that belonged to the signed-in user (all but the public catalogue). */
export function forgetPrivateData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !publicQueryRoots.has(query.queryKey[0]) });
}

/**
 * Local logout (docs/architecture.md#session-in-the-web-app): token, user id and language
 * choice leave local storage, the user's data leaves the cache. Used by logout, by a failed user
 * load after login and after a 401.
 */
export function logoutLocally(queryClient: QueryClient): void {
  clearLocalSession();
  forgetPrivateData(queryClient);
}

/**
 * When the signed-in user cannot be loaded (deleted account, server fault after the
 * retries), the session is useless: log out locally and call `onLoggedOut`. A 401 never gets
 * here twice: the rest client has already cleared the session for it.
 */
export function logoutWhenUserLoadFails(queryClient: QueryClient, onLoggedOut: () => void): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const [root, oid] = event.query.queryKey as readonly unknown[];
    if (root !== userKeys.one('')[0] || readSession()?.oid !== oid) return;
    logoutLocally(queryClient);
    onLoggedOut();
  });
}
