import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { logoutLocally } from '@/lib/auth';
import { restClient } from '@/lib/rest-client';
import { authPaths } from '@/lib/rest-paths-on-demand';

/** Ends the session on the server (the token stops working everywhere). */
export function logout() {
  // An expired session answers 401: nothing left to end, and no reason for a second logout.
  return restClient.post<void>(authPaths.logout(), { logoutOnUnauthorized: false });
}

/**
 * POST /rest/logout, then the local logout (token, user id, language, cached user
 * data), then '/' unless the service overview is on screen already. The local part happens
 * even when the server cannot be reached: the user asked to be signed out on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.error('Logout on the server failed; signing out locally.', error);
      }
    },
    onSettled: () => {
      logoutLocally(queryClient);
      if (pathname !== paths.services()) void navigate(paths.home());
    },
  });
}
