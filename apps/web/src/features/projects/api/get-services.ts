import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contract/common';
import type { ServiceSummary } from '@portal/contract/service';
import { useLanguage } from '@/hooks/use-language';
import { restClient } from '@/lib/rest-client';

/** The catalogue, for the add-services modal (spec §2: only services not yet licensed). */
export function getServices({ language, signal }: { language: Language; signal?: AbortSignal }) {
  return restClient.get<ServiceSummary[]>('/rest/collection/service', {
    query: { orderby: 'name' },
    language,
    signal,
  });
}

// Same key and request as the catalogue's overview, so a list fetched there is reused here.
export const servicesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['services', { orderby: 'name', language }],
    queryFn: ({ signal }) => getServices({ language, signal }),
  });

export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  const language = useLanguage();
  return useQuery({ ...servicesQueryOptions(language), enabled, placeholderData: (previous) => previous });
}
