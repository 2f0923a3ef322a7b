import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Service } from '@portal/contract/service';
import { restClient } from '@/lib/rest-client';
import { servicePaths } from '@/lib/rest-paths';
import { serviceKeys } from '@/lib/query-keys';

export function getService({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Service>(servicePaths.one(id), { signal });
}

export const serviceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceKeys.one(id),
    queryFn: ({ signal }) => getService({ id, signal }),
  });

/** For screens whose loader has put the service into the cache. */
export function useService(id: string) {
  return useSuspenseQuery(serviceQueryOptions(id));
}
