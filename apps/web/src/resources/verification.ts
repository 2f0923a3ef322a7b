import { useMutation } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';
import { accountPaths } from '@/lib/rest-paths-on-demand';

// "Send the confirmation link again", offered by the login modal (after 403 unverified), the
// sign-up confirmation and a verification link that no longer works. The answer is always the
// same (202), whether or not the address has an account waiting for it.

export function resendVerification(email: string) {
  return restClient.post<{ success: 1 }>(accountPaths.resendVerification(), { body: { email } });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
