import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { rememberProject } from '@/resources/projects';

export interface CreateProjectInput {
  projectOwner: string;
  name: string;
  description: string;
  domainsProduction: string[];
  domainsSandbox: string[];
}

/** POST /rest/collection/project → 201 with the new project. */
export function createProject(input: CreateProjectInput) {
  return restClient.post<Project>(projectPaths.create(), { body: { ...input } });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    // The detail route then enters from the cache: no second request for what we just got.
    // Not awaited: the list refreshes in the background while the new project opens.
    onSuccess: (project) => void rememberProject(queryClient, project),
  });
}
