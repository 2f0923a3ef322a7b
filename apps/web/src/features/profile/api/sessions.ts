import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnSession } from '@portal/contract/session';
import { ownSessionKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { ownSessionPaths } from '@/lib/rest-paths-signed-in';

/** GET /rest/collection/person/{oid}/session: newest sign-in first, this one marked `current`. */
export function useOwnSessions(oid: string) {
  return useQuery({
    queryKey: ownSessionKeys.list(oid),
    queryFn: ({ signal }) => restClient.get<OwnSession[]>(ownSessionPaths.list(oid), { signal }),
  });
}

/** DELETE …/session/{id}: that browser is signed out at its next call. */
export function useEndSession(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => restClient.delete(ownSessionPaths.one(oid, sessionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionKeys.list(oid) }),
  });
}

/** DELETE …/session: every session but this one ends. */
export function useEndOtherSessions(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restClient.delete(ownSessionPaths.list(oid)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownSessionKeys.list(oid) }),
  });
}
