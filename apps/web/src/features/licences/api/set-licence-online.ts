import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import type { Project } from '@portal/contract/project';
import { restClient } from '@/lib/rest-client';
import { licenceQueryOptions } from './get-licence';

/** PATCH service_licence/{id} with online=true|false; answers the licence. */
export function setLicenceOnline({ id, online }: { id: string; online: boolean }) {
  return restClient.patch<Licence>(`/rest/collection/service_licence/${encodeURIComponent(id)}`, {
    body: { online },
  });
}

export function useSetLicenceOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLicenceOnline,
    onSuccess: async (licence) => {
      queryClient.setQueryData(licenceQueryOptions(licence.id).queryKey, licence);
      // The project's cards show the inactive badge: the projects feature caches the project
      // under ['project', id] (same contract type), so it is patched here and then refreshed.
      queryClient.setQueryData<Project>(
        ['project', licence.project.id],
        (project) =>
          project && {
            ...project,
            licences: project.licences.map((l) =>
              l.id === licence.id ? { ...l, online: licence.online } : l,
            ),
          },
      );
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}
