import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { accountPaths } from '@/lib/rest-paths-on-demand';
import { startSession } from '@/resources/start-session';

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

/** POST /rest/password/reset (reset and invitation links): every other session ends. */
export function resetPassword(request: ResetPasswordRequest) {
  return restClient.post<AuthResponse>(accountPaths.resetPassword(), { body: { ...request } });
}

/** Sets the new password, then signs in with the session the server answered. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ResetPasswordRequest) =>
      startSession(queryClient, await resetPassword(request)),
  });
}
