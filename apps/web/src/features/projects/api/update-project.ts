import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { forgetProjectLicences } from '@/resources/licences';
import { rememberProject } from '@/resources/projects';

export interface UpdateProjectInput {
  id: string;
  name?: string;
  description?: string;
  domainsProduction?: string[];
  domainsSandbox?: string[];
}

/** PATCH /rest/collection/project/{id}; an empty list is sent as `name[]=` ("now empty"). */
export function updateProject({ id, ...changes }: UpdateProjectInput) {
  return restClient.patch<Project>(projectPaths.one(id), { body: changes });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project) => {
      // Licence pages show the project's name (breadcrumb, title, links).
      forgetProjectLicences(queryClient, project);
      await rememberProject(queryClient, project);
    },
  });
}
