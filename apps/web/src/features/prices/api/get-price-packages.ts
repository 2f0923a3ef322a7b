import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PricePackage } from '@portal/contract/price-package';
import { restClient } from '@/lib/rest-client';

export function getPricePackages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<PricePackage[]>('/rest/collection/price_package', { signal });
}

export const pricePackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['price-packages'],
    queryFn: ({ signal }) => getPricePackages({ signal }),
  });

export function usePricePackages() {
  return useSuspenseQuery(pricePackagesQueryOptions());
}
