import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@portal/contract/admin-audit';
import { adminAuditKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminAuditPath } from '@/lib/rest-paths-signed-in';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilter {
  from: string;
  to: string;
  actor: string;
  type: string;
  page: number;
}

export const adminAuditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: adminAuditKeys.list(filter),
    queryFn: ({ signal }) =>
      restClient.get<AuditPage>(adminAuditPath(), {
        query: {
          from: filter.from || undefined,
          to: filter.to || undefined,
          actor: filter.actor || undefined,
          type: filter.type || undefined,
          page: filter.page,
          pageSize: AUDIT_PAGE_SIZE,
        },
        signal,
      }),
  });

export function useAdminAudit(filter: AuditFilter) {
  return useQuery({ ...adminAuditQueryOptions(filter), placeholderData: keepPreviousData, retryOnMount: false });
}
