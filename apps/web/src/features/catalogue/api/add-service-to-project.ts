import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

export interface AddServiceToProject {
  projectId: string;
  serviceId: string;
}

/** Licenses the service in the project; answers the project (201). */
export function addServiceToProject({ projectId, serviceId }: AddServiceToProject) {
  return restClient.put<Project>(
    `/rest/collection/project/${encodeURIComponent(projectId)}/service_licence/${encodeURIComponent(serviceId)}`,
  );
}

export function useAddServiceToProject(userOid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addServiceToProject,
    onSuccess: (project) => {
      // The project screen opens from the cache (see the projects feature's loader).
      queryClient.setQueryData(['project', project.id], project);
    },
    // Also after a 409 (licensed meanwhile, e.g. in another tab): the list shows the truth.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['projects', userOid] }),
  });
}
