import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminContactRequest,
  AdminContactRequestList,
  AdminContactRequestPatch,
} from '@portal/contract/admin-content';
import { adminContentKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminContentPaths } from '@/lib/rest-paths-signed-in';

// Contact requests in the admin console (docs/admin.md#contact-requests).

export interface ContactQuery {
  state: string;
  page: number;
}

export const adminContactRequestsQueryOptions = (query: ContactQuery) =>
  queryOptions({
    queryKey: adminContentKeys.contact(query),
    queryFn: ({ signal }) =>
      restClient.get<AdminContactRequestList>(adminContentPaths.contactRequests(), {
        query: { page: query.page, ...(query.state ? { state: query.state } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useUpdateContactRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AdminContactRequestPatch }) =>
      restClient.patch<AdminContactRequest>(adminContentPaths.contactRequest(id), { json: changes }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminContentKeys.contactLists() }),
  });
}
