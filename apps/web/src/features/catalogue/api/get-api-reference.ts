import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contract/common';
import type { ApiReference } from '@portal/contract/service-api';
import { apiReferenceKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { servicePaths } from '@/lib/rest-paths';

// The published API reference of a service, in a language (the English document where there is one).

export function getApiReference({ id, language, signal }: { id: string; language: Language; signal?: AbortSignal }) {
  return restClient.get<ApiReference>(servicePaths.api(id), { language, signal });
}

export const apiReferenceQueryOptions = (id: string, language: Language) =>
  queryOptions({
    queryKey: apiReferenceKeys.one(id, language),
    queryFn: ({ signal }) => getApiReference({ id, language, signal }),
  });

/** For the screen whose loader has put the reference into the cache. */
export function useApiReference(id: string, language: Language) {
  return useSuspenseQuery(apiReferenceQueryOptions(id, language));
}
