import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PricePackage } from '@portal/contract/price-package';
import { restClient } from '@/lib/rest-client';
import { pricePackagesPath } from '@/lib/rest-paths-on-demand';
import { pricePackageKeys } from '@/lib/query-keys';

export function getPricePackages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<PricePackage[]>(pricePackagesPath(), { signal });
}

export const pricePackagesQueryOptions = () =>
  queryOptions({
    queryKey: pricePackageKeys.all(),
    queryFn: ({ signal }) => getPricePackages({ signal }),
  });

export function usePricePackages() {
  return useSuspenseQuery(pricePackagesQueryOptions());
}
