import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Person } from '@portal/contract/person';
import { useSession } from '@/hooks/use-session';
import { clearLocalSession, readSession } from './session';
import { restClient } from './rest-client';

export function getUser({ oid, signal }: { oid: string; signal?: AbortSignal }) {
  return restClient.get<Person>(`/rest/collection/person/${encodeURIComponent(oid)}`, { signal });
}

export const userQueryOptions = (oid: string) =>
  queryOptions({
    queryKey: ['user', oid],
    queryFn: ({ signal }) => getUser({ oid, signal }),
  });

/**
 * With a stored token and user id, the user is loaded; otherwise nobody is signed in
 * (then the query stays idle: `isPending` with `fetchStatus` 'idle'). Re-renders on login and
 * logout.
 */
export function useUser() {
  const session = useSession();
  return useQuery({
    ...userQueryOptions(session?.oid ?? ''),
    enabled: session !== null,
  });
}

/** The first letters of first and last name for the profile button ('' when there are none). */
export function initials(person: Pick<Person, 'firstname' | 'lastname'>): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  return `${first(person.firstname)}${first(person.lastname)}`.toUpperCase();
}

// Query roots that hold the public catalogue: kept over a logout, everything else (user,
// projects, licences, reports …) belongs to the person who was signed in.
const publicQueryRoots: ReadonlySet<unknown> = new Set([
  'services',
  'service',
  'price-packages',
  'legal-pages',
]);

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
    if (root !== 'user' || readSession()?.oid !== oid) return;
    logoutLocally(queryClient);
    onLoggedOut();
  });
}
