import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { AdminReport } from '@portal/contract/admin-report';
import { restClient } from '@/lib/rest-client';

export interface ReportPeriod {
  from?: string;
  to?: string;
}

export function getAdminReport({ period, signal }: { period: ReportPeriod; signal?: AbortSignal }) {
  return restClient.get<AdminReport>('/rest/collection/admin/projects', {
    query: { from: period.from, to: period.to },
    signal,
  });
}

/** Without a period the server reports the current calendar month. */
export const adminReportQueryOptions = (period: ReportPeriod = {}) =>
  queryOptions({
    queryKey: ['admin-report', period],
    queryFn: ({ signal }) => getAdminReport({ period, signal }),
  });

export function useAdminReport(period: ReportPeriod = {}) {
  return useSuspenseQuery(adminReportQueryOptions(period));
}
