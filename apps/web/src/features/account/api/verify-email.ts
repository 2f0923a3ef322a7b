import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailForm } from '@portal/contract/account';
import type { AuthResponse } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { accountPaths } from '@/lib/rest-paths-on-demand';
import { startSession } from '@/resources/start-session';

/**
 * POST /rest/auth/verify with the password chosen at sign-up: the address is confirmed and the
 * answer is a session, like a login.
 */
export function verifyEmail(request: VerifyEmailForm) {
  return restClient.post<AuthResponse>(accountPaths.verify(), { body: { ...request } });
}

/** Confirms the address, then signs in with the session the server answered. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: VerifyEmailForm) => startSession(queryClient, await verifyEmail(request)),
  });
}
