import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { isApiError } from '@/lib/api-errors';
import { restClient } from '@/lib/rest-client';
import { getProject, projectQueryOptions } from './get-project';

/** PUT /rest/collection/project/{projectId}/service_licence/{serviceId} → 201 with the project. */
export function addLicence({ projectId, serviceId }: { projectId: string; serviceId: string }) {
  return restClient.put<Project>(
    `/rest/collection/project/${encodeURIComponent(projectId)}/service_licence/${encodeURIComponent(serviceId)}`,
  );
}

/**
 * Adds several services one after the other (the API takes one per call). A service that is
 * already licensed (409, e.g. added in another tab meanwhile) is what the user wanted anyway.
 */
export async function addLicences({
  projectId,
  serviceIds,
}: {
  projectId: string;
  serviceIds: readonly string[];
}) {
  let project: Project | undefined;
  for (const serviceId of serviceIds) {
    try {
      project = await addLicence({ projectId, serviceId });
    } catch (error) {
      if (!isApiError(error, 'alreadyLicensed')) throw error;
    }
  }
  return project ?? getProject({ id: projectId });
}

export function useAddLicences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLicences,
    onSuccess: async (project) => {
      queryClient.setQueryData(projectQueryOptions(project.id).queryKey, project);
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
    // A partial success (first service added, second failed) must show too.
    onError: (_error, { projectId }) => queryClient.invalidateQueries({ queryKey: ['project', projectId] }),
  });
}
