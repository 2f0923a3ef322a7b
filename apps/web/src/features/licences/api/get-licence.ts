import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { restClient } from '@/lib/rest-client';

/** Without a period the server counts the last 90 days (every day present in callsPerDate). */
export function getLicence({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Licence>(`/rest/collection/service_licence/${encodeURIComponent(id)}`, { signal });
}

/** `['licence', id]`; the usage of other periods lives below it (get-licence-usage.ts). */
export const licenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['licence', id],
    queryFn: ({ signal }) => getLicence({ id, signal }),
  });

export function useLicence(id: string) {
  return useQuery(licenceQueryOptions(id));
}
