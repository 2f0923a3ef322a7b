import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

export function getProject({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Project>(`/rest/collection/project/${encodeURIComponent(id)}`, { signal });
}

/**
 * `['project', id]`. The licences feature invalidates this key by its literal shape after
 * switching or removing a licence (features do not import each other).
 */
export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['project', id],
    queryFn: ({ signal }) => getProject({ id, signal }),
  });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}
