import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { restClient } from '@/lib/rest-client';

export function getLicence({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Licence>(`/rest/collection/service_licence/${encodeURIComponent(id)}`, { signal });
}

export const licenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['licence', id],
    queryFn: ({ signal }) => getLicence({ id, signal }),
  });

export function useLicence(id: string) {
  return useSuspenseQuery(licenceQueryOptions(id));
}
