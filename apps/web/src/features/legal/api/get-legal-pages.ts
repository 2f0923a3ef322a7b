import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LegalItem } from '@portal/contract/legal';
import { restClient } from '@/lib/rest-client';

export function getLegalPages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<LegalItem[]>('/rest/collection/rechtliches', { signal });
}

export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: ['legal-pages'],
    queryFn: ({ signal }) => getLegalPages({ signal }),
  });

export function useLegalPages() {
  return useSuspenseQuery(legalPagesQueryOptions());
}
