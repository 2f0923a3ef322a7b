import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';

/** DELETE project/{projectId}/service_licence/{licenceId} → 204. */
export function removeLicence({ projectId, licenceId }: { projectId: string; licenceId: string }) {
  return restClient.delete(
    `/rest/collection/project/${encodeURIComponent(projectId)}/service_licence/${encodeURIComponent(licenceId)}`,
  );
}

/**
 * The caller leaves the licence page and then drops `['licence', id]` (dropping it while the
 * page is on view would fetch a licence that no longer exists).
 */
export function useRemoveLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeLicence,
    onSuccess: async (_data, { projectId, licenceId }) => {
      // The project page shows at once without the card (the projects feature's cache key and
      // contract type), then refreshes from the server.
      queryClient.setQueryData<Project>(
        ['project', projectId],
        (project) => project && { ...project, licences: project.licences.filter((l) => l.id !== licenceId) },
      );
      await queryClient.invalidateQueries({ queryKey: ['project', projectId] });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
