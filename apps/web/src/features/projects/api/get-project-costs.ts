import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectCosts } from '@portal/contract/project-costs';
import type { Period } from '@/lib/days';
import { projectKeys } from '@/lib/query-keys';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths';

/** The admin report's figures for this project in the period, per licence. */
export function getProjectCosts({
  id,
  period,
  signal,
}: {
  id: string;
  period: Period;
  signal?: AbortSignal;
}) {
  return restClient.get<ProjectCosts>(projectPaths.costs(id), {
    query: { from: period.from, to: period.to },
    signal,
  });
}

export const projectCostsQueryOptions = (id: string, period: Period) =>
  queryOptions({
    queryKey: projectKeys.costs(id, period),
    queryFn: ({ signal }) => getProjectCosts({ id, period, signal }),
  });

export function useProjectCosts(id: string, period: Period) {
  return useQuery(projectCostsQueryOptions(id, period));
}
