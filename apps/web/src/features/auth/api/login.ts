import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, MfaChallenge, SignInAnswer } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { authPaths } from '@/lib/rest-paths-on-demand';
import { startSession } from '@/resources/start-session';
import { basicCredentials } from '../utils/basic-credentials';

export interface Credentials {
  username: string;
  password: string;
}

export function login({ username, password }: Credentials) {
  return restClient.post<SignInAnswer>(authPaths.login(), {
    headers: { Authorization: basicCredentials(username, password) },
    // A 401 here means "wrong credentials", not "session expired".
    logoutOnUnauthorized: false,
  });
}

/** The second step: the token of the first and a code of the authenticator app or a recovery code. */
export interface MfaInput {
  mfaToken: string;
  code?: string;
  recoveryCode?: string;
}

export function completeMfa(input: MfaInput) {
  const body = {
    mfaToken: input.mfaToken,
    ...(input.code ? { code: input.code } : { recoveryCode: input.recoveryCode ?? '' }),
  };
  return restClient.post<AuthResponse>(authPaths.mfa(), { body, logoutOnUnauthorized: false });
}

/**
 * Sign in, then start the session as resources/person.ts describes (the person is loaded before
 * token and user id are stored). When the person cannot be loaded nothing is stored and the
 * error is passed on: it is the modal's to show, not the start-up "user cannot be loaded" case
 * that logs out. A person with a second factor gets no session yet: the answer is the
 * challenge of the second step (useMfaSignIn).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials): Promise<MfaChallenge | null> => {
      const answer = await login(credentials);
      if ('mfaRequired' in answer) return answer;
      await startSession(queryClient, answer);
      return null;
    },
  });
}

/** The second step of a sign-in; starts the session like useLogin. */
export function useMfaSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MfaInput) => startSession(queryClient, await completeMfa(input)),
  });
}
