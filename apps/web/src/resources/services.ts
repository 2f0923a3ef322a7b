import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language } from '@portal/contract/common';
import type { ServiceSummary } from '@portal/contract/service';
import { useLanguage } from '@/hooks/use-language';
import { serviceKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { servicePaths } from '@/lib/rest-paths';

// The catalogue list, shared by the service overview and the add-services modal of a project
// (features do not import each other): one request and one cache entry for both.
// Typed by the contract's schema; not parsed at run time, which would put zod into the
// first-load bundle (the server validates its answers against the same schema).
function getServices({ language, signal }: { language: Language; signal?: AbortSignal }) {
  return restClient.get<ServiceSummary[]>(servicePaths.list(), {
    query: { orderby: 'name' },
    language,
    signal,
  });
}

export const servicesQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: serviceKeys.list(language),
    queryFn: ({ signal }) => getServices({ language, signal }),
  });

export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  const language = useLanguage();
  return useQuery({
    ...servicesQueryOptions(language),
    enabled,
    // After a language switch, keep showing the list until the re-sorted one arrives.
    placeholderData: (previous) => previous,
  });
}
