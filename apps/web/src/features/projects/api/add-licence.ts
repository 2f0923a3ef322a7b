import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { isApiError } from '@/lib/api-errors';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { addLicence, getProject, rememberProject } from '@/resources/projects';

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
    onSuccess: (project) => rememberProject(queryClient, project),
    // A partial success (first service added, second failed) must show too.
    onError: (_error, { projectId }) =>
      queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) }),
  });
}
