import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@portal/contract/account';
import { publicConfigKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { publicConfigPath } from '@/lib/rest-paths';

// The server's public settings, shared by the top bar, the mobile menu, the login modal and the
// sign-up screen: whether anyone may sign up (SIGNUP=open) or accounts come by invitation only.

export const publicConfigQueryOptions = queryOptions({
  queryKey: publicConfigKeys.all(),
  queryFn: ({ signal }) => restClient.get<PublicConfig>(publicConfigPath(), { signal }),
  // A setting of the server: it changes with a restart, not while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/**
 * true while sign-up is known to be open; false while the answer is pending or failed, so an
 * invitation-only portal never shows a sign-up entry, not even for a moment.
 */
export function useSignupOpen(): boolean {
  return useQuery(publicConfigQueryOptions).data?.signup === 'open';
}

/** 'open' | 'invite', or undefined until the server has answered. */
export function useSignupMode(): PublicConfig['signup'] | undefined {
  return useQuery(publicConfigQueryOptions).data?.signup;
}
