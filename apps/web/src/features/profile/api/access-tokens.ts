import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccessToken, CreateAccessToken, CreatedAccessToken } from '@portal/contract/access-token';
import { accessTokenKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { accessTokenPaths } from '@/lib/rest-paths-signed-in';

// Personal access tokens in the profile (docs/security.md#personal-access-tokens).

/** GET /rest/collection/person/{oid}/token: newest first, never the tokens themselves. */
export function useAccessTokens(oid: string) {
  return useQuery({
    queryKey: accessTokenKeys.list(oid),
    queryFn: ({ signal }) => restClient.get<AccessToken[]>(accessTokenPaths.list(oid), { signal }),
  });
}

/** POST …/token: the new token, shown this once. */
export function useCreateAccessToken(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccessToken) =>
      restClient.post<CreatedAccessToken>(accessTokenPaths.list(oid), { json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list(oid) }),
  });
}

/** DELETE …/token/{id}: the token is refused from its next call on. */
export function useRevokeAccessToken(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => restClient.delete(accessTokenPaths.one(oid, tokenId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.list(oid) }),
  });
}
