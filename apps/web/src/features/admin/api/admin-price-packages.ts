import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPricePackage,
  AdminPricePackageCreate,
  AdminPricePackageList,
  AdminPricePackagePatch,
} from '@portal/contract/admin-content';
import { pricePackageKeys } from '@/lib/query-keys';
import { adminContentKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminContentPaths } from '@/lib/rest-paths-signed-in';

// The price packages of the admin console (docs/admin.md#price-packages). A handful of rows:
// one page of the largest size holds them all.

export const adminPricePackagesQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.prices(),
    queryFn: ({ signal }) =>
      restClient.get<AdminPricePackageList>(adminContentPaths.pricePackages(), { query: { pageSize: 100 }, signal }),
  });

/** Every change shows on /price at once: the public list is fetched again too. */
export function useSavePricePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string | null; changes: AdminPricePackagePatch | AdminPricePackageCreate }) =>
      id === null
        ? restClient.post<AdminPricePackage>(adminContentPaths.pricePackages(), { json: changes })
        : restClient.patch<AdminPricePackage>(adminContentPaths.pricePackage(id), { json: changes }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminContentKeys.prices() }),
        queryClient.invalidateQueries({ queryKey: pricePackageKeys.all() }),
      ]),
  });
}

export function useDeletePricePackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restClient.delete(adminContentPaths.pricePackage(id)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminContentKeys.prices() }),
        queryClient.invalidateQueries({ queryKey: pricePackageKeys.all() }),
      ]),
  });
}
