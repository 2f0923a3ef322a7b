import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';

export function deleteProject({ id }: { id: string }) {
  return restClient.delete(`/rest/collection/project/${encodeURIComponent(id)}`);
}

/**
 * The caller drops `['project', id]` once it has left the page: dropping it earlier would make
 * the screen on view fetch a project that no longer exists.
 */
export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['projects'] }),
  });
}
