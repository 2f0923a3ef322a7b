import { useMutation } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';
import { accountPaths } from '@/lib/rest-paths-on-demand';

/** POST /rest/password/forgot: always 202; a reset link goes to the address if it has an account. */
export function requestPasswordReset(email: string) {
  return restClient.post<{ success: 1 }>(accountPaths.forgotPassword(), { body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
