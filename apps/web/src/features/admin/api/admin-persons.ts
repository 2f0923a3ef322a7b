import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminInvite, AdminPerson, AdminPersonPage } from '@portal/contract/admin-person';
import type { AccountDeletion } from '@portal/contract/privacy';
import { adminAuditKeys, adminPersonKeys } from '@/lib/query-keys-signed-in';
import { restClient, restFile } from '@/lib/rest-client';
import { adminPersonPaths } from '@/lib/rest-paths-signed-in';
import { saveFile } from '@/lib/save-file';

// The customers area's calls (docs/admin.md#customers). Admins only; others get 403.

export const CUSTOMERS_PAGE_SIZE = 20;

export const adminPersonsQueryOptions = (query: { q: string; page: number }) =>
  queryOptions({
    queryKey: adminPersonKeys.list(query),
    queryFn: ({ signal }) =>
      restClient.get<AdminPersonPage>(adminPersonPaths.list(), {
        query: { q: query.q || undefined, page: query.page, pageSize: CUSTOMERS_PAGE_SIZE },
        signal,
      }),
  });

/** The previous page stays (dimmed) while the next one loads. */
export function useAdminPersons(query: { q: string; page: number }) {
  return useQuery({ ...adminPersonsQueryOptions(query), placeholderData: keepPreviousData, retryOnMount: false });
}

export const adminPersonQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminPersonKeys.one(id),
    queryFn: ({ signal }) => restClient.get<AdminPerson>(adminPersonPaths.one(id), { signal }),
  });

export function useAdminPerson(id: string) {
  return useQuery({ ...adminPersonQueryOptions(id), retryOnMount: false });
}

/** A change: the answer replaces the cached person; lists and the audit log are asked again. */
export function useUpdateAdminPerson(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<Pick<AdminPerson, 'salutation' | 'firstname' | 'lastname' | 'company' | 'language' | 'isAdmin' | 'disabled'>>) =>
      restClient.patch<AdminPerson>(adminPersonPaths.one(id), { body: { ...changes, salutation: changes.salutation === null ? '' : changes.salutation } }),
    onSuccess: async (person) => {
      queryClient.setQueryData(adminPersonKeys.one(id), person);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPersonKeys.all(), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
      ]);
    },
  });
}

export function useInviteAdminPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: AdminInvite) =>
      restClient.post<AdminPerson>(adminPersonPaths.list(), { body: { ...invite, salutation: invite.salutation ?? '' } }),
    onSuccess: async (person) => {
      queryClient.setQueryData(adminPersonKeys.one(person.id), person);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPersonKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
      ]);
    },
  });
}

export function useSendPasswordReset(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => restClient.post<void>(adminPersonPaths.passwordReset(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
  });
}

/** The customer's data export (docs/privacy.md#export), saved as a download; audited on the server. */
export function useDownloadCustomerData(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => saveFile(await restFile(adminPersonPaths.export(id), 'application/zip'), 'portal-data.zip'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
  });
}

/** Deletes the customer's account with the admin's own password or code (docs/privacy.md#deletion). */
export function useDeleteCustomer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proof: AccountDeletion) => restClient.delete(adminPersonPaths.one(id), { json: proof }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminPersonKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminAuditKeys.all() }),
      ]);
    },
  });
}
