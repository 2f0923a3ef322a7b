import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LegalItem } from '@portal/contract/legal';
import { restClient } from '@/lib/rest-client';
import { restPaths } from '@/lib/rest-paths';
import { queryKeys } from '@/lib/query-keys';

export function getLegalPages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<LegalItem[]>(restPaths.legalPages(), { signal });
}

export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.legalPages(),
    queryFn: ({ signal }) => getLegalPages({ signal }),
  });

export function useLegalPages() {
  return useSuspenseQuery(legalPagesQueryOptions());
}
