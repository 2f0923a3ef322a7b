import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@portal/contract/person';
import { readSession } from './session';
import { restClient } from './rest-client';

export function getUser({ oid, signal }: { oid: string; signal?: AbortSignal }) {
  return restClient.get<Person>(`/rest/collection/person/${encodeURIComponent(oid)}`, { signal });
}

export const userQueryOptions = (oid: string) =>
  queryOptions({
    queryKey: ['user', oid],
    queryFn: ({ signal }) => getUser({ oid, signal }),
  });

/** Spec §4: with a stored token and user id, the user is loaded; otherwise nobody is signed in. */
export function useUser() {
  const session = readSession();
  return useQuery({
    ...userQueryOptions(session?.oid ?? ''),
    enabled: session !== null,
  });
}
