import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LegalItem } from '@portal/contract/legal';
import { restClient } from '@/lib/rest-client';
import { legalPagesPath } from '@/lib/rest-paths';
import { legalPageKeys } from '@/lib/query-keys';

export function getLegalPages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<LegalItem[]>(legalPagesPath(), { signal });
}

export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: legalPageKeys.all(),
    queryFn: ({ signal }) => getLegalPages({ signal }),
  });

export function useLegalPages() {
  return useSuspenseQuery(legalPagesQueryOptions());
}
