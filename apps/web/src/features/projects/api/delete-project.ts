import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { refreshProjectLists } from '@/resources/projects';

export function deleteProject({ id }: { id: string }) {
  return restClient.delete(projectPaths.one(id));
}

/**
 * The caller drops the cached project once it has left the page: dropping it earlier would
 * make the screen on view fetch a project that no longer exists.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => refreshProjectLists(queryClient),
  });
}
