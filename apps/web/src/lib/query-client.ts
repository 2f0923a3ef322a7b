import { QueryClient } from '@tanstack/react-query';
import { ApiError, NotFoundError } from './api-errors';

/** Answers that a retry cannot change: missing, forbidden, invalid, signed out. */
function isFinal(error: unknown): boolean {
  return (
    error instanceof NotFoundError ||
    (error instanceof ApiError && error.status < 500 && error.status !== 429)
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Catalogue data changes with a deploy or an edit, not by the second; loaders then
        // enter routes from the cache (ensureQueryData) without asking the server again.
        staleTime: 60_000,
        retry: (failureCount, error) => !isFinal(error) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
