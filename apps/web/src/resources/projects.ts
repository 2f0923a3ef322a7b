import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';
import { projectPaths } from '@/lib/rest-paths-signed-in';

// Projects: the list of the signed-in user and each project by id. The projects feature shows
// and edits them, the catalogue adds services to them, the licences feature changes the
// licences they list; all of them read and update the cache through these functions.

function getProjects({ userOid, signal }: { userOid: string; signal?: AbortSignal }) {
  return restClient.get<Project[]>(personPaths.projects(userOid), { signal });
}

export const projectsQueryOptions = (userOid: string) =>
  queryOptions({
    queryKey: projectKeys.list(userOid),
    queryFn: ({ signal }) => getProjects({ userOid, signal }),
  });

export function useProjects(userOid: string) {
  return useQuery(projectsQueryOptions(userOid));
}

export function getProject({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Project>(projectPaths.one(id), { signal });
}

export const projectQueryOptions = (id: string) =>
  queryOptions({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => getProject({ id, signal }),
  });

export function useProject(id: string) {
  return useQuery(projectQueryOptions(id));
}

/** Every user's project list is out of date (a project or one of its licences changed). */
export function refreshProjectLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
}

/** A licence came, went or changed: the costs card (a service's monthly fee counts at once) and the lists. */
async function refreshAfterChange(queryClient: QueryClient, projectId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.allCosts(projectId) }),
    refreshProjectLists(queryClient),
  ]);
}

/**
 * A project as the server just answered it: its screen opens from the cache without asking
 * again, and its costs and the lists refresh in the background.
 */
export function rememberProject(queryClient: QueryClient, project: Project): Promise<void> {
  queryClient.setQueryData(projectQueryOptions(project.id).queryKey, project);
  return refreshAfterChange(queryClient, project.id);
}

/**
 * Changes the cached project at once (e.g. a licence switched off or removed), then asks the
 * server for the truth.
 */
export async function patchCachedProject(
  queryClient: QueryClient,
  projectId: string,
  patch: (project: Project) => Project,
): Promise<void> {
  const key = projectQueryOptions(projectId).queryKey;
  queryClient.setQueryData<Project>(key, (project) => project && patch(project));
  // The key is a prefix of the project's members and costs: they refresh too.
  await queryClient.invalidateQueries({ queryKey: key });
  await refreshProjectLists(queryClient);
}

/** PUT project/{projectId}/service_licence/{serviceId} → 201 with the project. */
export function addLicence({ projectId, serviceId }: { projectId: string; serviceId: string }) {
  return restClient.put<Project>(projectPaths.licence(projectId, serviceId));
}

/** Licenses one service in one project (the add-to-project modal of a service). */
export function useAddLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLicence,
    onSuccess: (project) => rememberProject(queryClient, project),
    // Also after a 409 (licensed meanwhile, e.g. in another tab): the lists show the truth.
    onError: () => refreshProjectLists(queryClient),
  });
}
