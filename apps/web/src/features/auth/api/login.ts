import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import { restClient } from '@/lib/rest-client';
import { authPaths } from '@/lib/rest-paths';
import { writeSession } from '@/lib/session';
import { getUser, userQueryOptions } from '@/resources/person';
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
 * Sign in, load the person with the new token, then store token and user id
 * (docs/architecture.md#session-in-the-web-app). In that order, everything that appears with
 * the session (top bar, the screen on view) finds the person in the cache: one request, not one
 * per component. When the person cannot be loaded nothing is stored and the error is passed
 * on: it is the modal's to show, not the start-up "user cannot be loaded" case that logs out.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const session = await login(credentials);
      const person = await getUser({ oid: session.oid, token: session.token });
      queryClient.setQueryData(userQueryOptions(session.oid).queryKey, person);
      writeSession(session);
      return person;
    },
  });
}
