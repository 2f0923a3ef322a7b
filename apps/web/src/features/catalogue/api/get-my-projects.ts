import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

// The signed-in user's projects for the add-to-project modal. The projects feature reads the
// same call under the same query key, so both share one cache entry (features do not import
// each other; the key is the contract between them).

export function getMyProjects({ userOid, signal }: { userOid: string; signal?: AbortSignal }) {
  return restClient.get<Project[]>(`/rest/collection/person/${encodeURIComponent(userOid)}/project`, {
    signal,
  });
}

export const myProjectsQueryOptions = (userOid: string) =>
  queryOptions({
    queryKey: ['projects', userOid],
    queryFn: ({ signal }) => getMyProjects({ userOid, signal }),
  });

export function useMyProjects(userOid: string) {
  return useQuery(myProjectsQueryOptions(userOid));
}
