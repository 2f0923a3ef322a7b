import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import type { Person } from '@portal/contract/person';
import { useSession } from '@/hooks/use-session';
import { userKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';
import { writeSession } from '@/lib/session';

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
 * Signs in with a new session (docs/architecture.md#session-in-the-web-app): the person is
 * loaded with the new token and cached, then token and user id are stored, so everything that
 * appears with the session finds the person in the cache. When the person cannot be loaded
 * nothing is stored and the error is passed on. Used by the login, the verification link and a
 * new password.
 */
export async function startSession(queryClient: QueryClient, session: AuthResponse): Promise<Person> {
  const person = await getUser({ oid: session.oid, token: session.token });
  queryClient.setQueryData(userQueryOptions(session.oid).queryKey, person);
  writeSession(session);
  return person;
}

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
