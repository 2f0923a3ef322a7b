import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@portal/contract/auth';
import { getUser, logoutLocally, userQueryOptions } from '@/lib/auth';
import { restClient } from '@/lib/rest-client';
import { writeSession } from '@/lib/session';
import { basicCredentials } from '../utils/basic-credentials';

export interface Credentials {
  username: string;
  password: string;
}

export function login({ username, password }: Credentials) {
  return restClient.post<AuthResponse>('/rest/auth', {
    headers: { Authorization: basicCredentials(username, password) },
    // A 401 here means "wrong credentials", not "session expired".
    logoutOnUnauthorized: false,
  });
}

/**
 * Sign in, store token and user id, then load the person. When the person cannot be loaded
 * the session is dropped again and the error is passed on (docs/architecture.md#session-in-the-web-app).
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const session = await login(credentials);
      writeSession(session);
      try {
        // Fetched outside the cache: a failure here is the modal's error to show, not the
        // start-up "user cannot be loaded" case that logs out and leaves the page.
        const person = await getUser({ oid: session.oid });
        queryClient.setQueryData(userQueryOptions(session.oid).queryKey, person);
        return person;
      } catch (error) {
        logoutLocally(queryClient);
        throw error;
      }
    },
  });
}
