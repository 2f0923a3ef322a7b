import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

export function getProjects({ userOid, signal }: { userOid: string; signal?: AbortSignal }) {
  return restClient.get<Project[]>(`/rest/collection/person/${encodeURIComponent(userOid)}/project`, {
    signal,
  });
}

/** Mutations invalidate `['projects']` (every user's list key starts with it). */
export const projectsQueryOptions = (userOid: string) =>
  queryOptions({
    queryKey: ['projects', userOid],
    queryFn: ({ signal }) => getProjects({ userOid, signal }),
  });

/** The route loader fills the cache; this also covers a login on the page itself. */
export function useProjects(userOid: string) {
  return useQuery(projectsQueryOptions(userOid));
}
