import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@portal/contract/person';
import { useSession } from '@/hooks/use-session';
import { userKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';

// The signed-in person: loaded once per session, read by the top bar, the profile and its forms.

/** `token`: for the login, which loads the person before the session is stored. */
export function getUser({ oid, token, signal }: { oid: string; token?: string; signal?: AbortSignal }) {
  return restClient.get<Person>(personPaths.one(oid), {
    signal,
    // Nothing is stored yet that a 401 could clear.
    ...(token ? { headers: { Authorization: `Bearer ${token}` }, logoutOnUnauthorized: false } : {}),
  });
}

export const userQueryOptions = (oid: string) =>
  queryOptions({
    queryKey: userKeys.one(oid),
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

/**
 * The first letters of first and last name ('EM'), or of the e-mail address when both are
 * empty; counted in code points, so a name starting with an emoji is not cut in half.
 */
export function initials(person: Pick<Person, 'firstname' | 'lastname' | 'email'>): string {
  const first = (text: string) => Array.from(text.trim())[0] ?? '';
  const letters = `${first(person.firstname)}${first(person.lastname)}` || first(person.email);
  return letters.toUpperCase();
}
