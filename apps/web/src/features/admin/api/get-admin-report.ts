import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReport } from '@portal/contract/admin-report';
import { restClient } from '@/lib/rest-client';
import type { Period } from '@/lib/days';
import { adminReportPath } from '@/lib/rest-paths-signed-in';
import { adminReportKeys } from '@/lib/query-keys-signed-in';

export function getAdminReport({ period, signal }: { period: Period | null; signal?: AbortSignal }) {
  return restClient.get<AdminReport>(adminReportPath(), {
    query: { from: period?.from, to: period?.to },
    signal,
  });
}

/** Without a period the server reports the current calendar month. Admins only (403 otherwise). */
export const adminReportQueryOptions = (period: Period | null) =>
  queryOptions({
    queryKey: adminReportKeys.period(period),
    queryFn: ({ signal }) => getAdminReport({ period, signal }),
  });

/**
 * While another period loads, the table of the previous one stays (dimmed). An answer the
 * loader already got wrong (403 for non-admins) is shown as it is, not asked for again; the
 * error state has its own retry.
 */
export function useAdminReport(period: Period | null) {
  return useQuery({
    ...adminReportQueryOptions(period),
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });
}
