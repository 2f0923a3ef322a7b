import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PricePackage } from '@portal/contract/price-package';
import { restClient } from '@/lib/rest-client';
import { restPaths } from '@/lib/rest-paths';
import { queryKeys } from '@/lib/query-keys';

export function getPricePackages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<PricePackage[]>(restPaths.pricePackages(), { signal });
}

export const pricePackagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.pricePackages(),
    queryFn: ({ signal }) => getPricePackages({ signal }),
  });

export function usePricePackages() {
  return useSuspenseQuery(pricePackagesQueryOptions());
}
