import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

export function getProjects({ userOid, signal }: { userOid: string; signal?: AbortSignal }) {
  return restClient.get<Project[]>(`/rest/collection/person/${encodeURIComponent(userOid)}/project`, {
    signal,
  });
}

export const projectsQueryOptions = (userOid: string) =>
  queryOptions({
    queryKey: ['projects', userOid],
    queryFn: ({ signal }) => getProjects({ userOid, signal }),
  });

export function useProjects(userOid: string) {
  return useSuspenseQuery(projectsQueryOptions(userOid));
}
