import type { QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import type { Person } from '@portal/contract/person';
import { writeSession } from '@/lib/session';
import { getUser, userQueryOptions } from './person';

// Only the login, the verification link and a new password start a session, all loaded on
// demand: a module of its own beside person.ts, so that the first-load chunk does not carry it
// (docs/performance.md#first-load-javascript).

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
