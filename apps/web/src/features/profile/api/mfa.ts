import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MfaStatus, RecoveryCodes, TotpStart } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { mfaKeys } from '@/lib/query-keys-signed-in';
import { mfaPaths } from '@/lib/rest-paths-signed-in';

// Two-factor sign-in in the profile (docs/security.md#two-factor-sign-in).

const statusQuery = (oid: string) =>
  queryOptions({
    queryKey: mfaKeys.status(oid),
    queryFn: ({ signal }) => restClient.get<MfaStatus>(mfaPaths.status(oid), { signal }),
  });

export function useMfaStatus(oid: string) {
  return useQuery(statusQuery(oid));
}

/** POST …/mfa/totp: a new secret and its otpauth:// URI; counts once confirmed. */
export function useStartTotp(oid: string) {
  return useMutation({ mutationFn: () => restClient.post<TotpStart>(mfaPaths.totp(oid)) });
}

/** POST …/mfa/totp/confirm with a code: the first recovery codes, shown once. */
export function useConfirmTotp(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => restClient.post<RecoveryCodes>(mfaPaths.confirm(oid), { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status(oid) }),
  });
}

/** The current password, if given: needed unless this session gave it in the last 10 minutes. */
const proof = (password: string) => (password ? { json: { password } } : {});

export function useNewRecoveryCodes(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      restClient.post<RecoveryCodes>(mfaPaths.recoveryCodes(oid), proof(password)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status(oid) }),
  });
}

export function useTurnOffTotp(oid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => restClient.delete(mfaPaths.totp(oid), proof(password)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKeys.status(oid) }),
  });
}
