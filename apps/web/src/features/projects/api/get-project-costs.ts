import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectCosts } from '@portal/contract/project-costs';
import type { Period } from '@/lib/days';
import { getForPeriod, type PeriodRequest } from '@/lib/period-calls';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { projectPaths } from '@/lib/rest-paths-signed-in';

/** The admin report's figures for this project in the period, per licence. */
export function getProjectCosts({ id, period, signal }: PeriodRequest) {
  return getForPeriod<ProjectCosts>(projectPaths.costs(id), period, signal);
}

export const projectCostsQueryOptions = (id: string, period: Period) =>
  queryOptions({
    queryKey: projectKeys.costs(id, period),
    queryFn: ({ signal }) => getProjectCosts({ id, period, signal }),
  });

export function useProjectCosts(id: string, period: Period) {
  return useQuery(projectCostsQueryOptions(id, period));
}
