import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { patchCachedProject } from '@/resources/projects';

/** DELETE project/{projectId}/service_licence/{licenceId} → 204. */
export function removeLicence({ projectId, licenceId }: { projectId: string; licenceId: string }) {
  return restClient.delete(projectPaths.licence(projectId, licenceId));
}

/**
 * The caller leaves the licence page and then drops the cached licence (dropping it while the
 * page is on view would fetch a licence that no longer exists).
 */
export function useRemoveLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLicence,
    // The project page shows at once without the card, then refreshes from the server.
    onSuccess: (_data, { projectId, licenceId }) =>
      patchCachedProject(queryClient, projectId, (project) => ({
        ...project,
        licences: project.licences.filter((licence) => licence.id !== licenceId),
      })),
  });
}
