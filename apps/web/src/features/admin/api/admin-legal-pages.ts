import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminLegalPage,
  AdminLegalPageCreate,
  AdminLegalPageList,
  AdminLegalPagePatch,
} from '@portal/contract/admin-content';
import { legalPageKeys } from '@/lib/query-keys';
import { adminContentKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminContentPaths } from '@/lib/rest-paths-signed-in';

// The legal pages of the admin console (docs/admin.md#legal-pages).

export const adminLegalPagesQueryOptions = () =>
  queryOptions({
    queryKey: adminContentKeys.legal(),
    queryFn: ({ signal }) =>
      restClient.get<AdminLegalPageList>(adminContentPaths.legalPages(), { query: { pageSize: 100 }, signal }),
  });

export function useSaveLegalPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string | null; changes: AdminLegalPagePatch | AdminLegalPageCreate }) =>
      id === null
        ? restClient.post<AdminLegalPage>(adminContentPaths.legalPages(), { json: changes })
        : restClient.patch<AdminLegalPage>(adminContentPaths.legalPage(id), { json: changes }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminContentKeys.legal() }),
        queryClient.invalidateQueries({ queryKey: legalPageKeys.all() }),
      ]),
  });
}

export function useDeleteLegalPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => restClient.delete(adminContentPaths.legalPage(id)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminContentKeys.legal() }),
        queryClient.invalidateQueries({ queryKey: legalPageKeys.all() }),
      ]),
  });
}
