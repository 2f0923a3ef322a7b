import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { authPaths } from '@/lib/rest-paths-on-demand';
import { startSession } from '@/resources/start-session';
import { basicCredentials } from '../utils/basic-credentials';

export interface Credentials {
  username: string;
  password: string;
}

export function login({ username, password }: Credentials) {
  return restClient.post<AuthResponse>(authPaths.login(), {
    headers: { Authorization: basicCredentials(username, password) },
    // A 401 here means "wrong credentials", not "session expired".
    logoutOnUnauthorized: false,
  });
}

/**
 * Sign in, then start the session as resources/person.ts describes (the person is loaded before
 * token and user id are stored). When the person cannot be loaded nothing is stored and the
 * error is passed on: it is the modal's to show, not the start-up "user cannot be loaded" case
 * that logs out.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => startSession(queryClient, await login(credentials)),
  });
}
