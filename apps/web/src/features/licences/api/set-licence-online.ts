import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { restClient } from '@/lib/rest-client';
import { licencePath } from '@/lib/rest-paths-signed-in';
import { licenceQueryOptions } from '@/resources/licences';
import { patchCachedProject } from '@/resources/projects';

/** PATCH service_licence/{id} with online=true|false; answers the licence. */
export function setLicenceOnline({ id, online }: { id: string; online: boolean }) {
  return restClient.patch<Licence>(licencePath(id), { body: { online } });
}

export function useSetLicenceOnline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLicenceOnline,
    onSuccess: async (licence) => {
      queryClient.setQueryData(licenceQueryOptions(licence.id).queryKey, licence);
      // The project's cards show the inactive badge.
      await patchCachedProject(queryClient, licence.project.id, (project) => ({
        ...project,
        licences: project.licences.map((l) => (l.id === licence.id ? { ...l, online: licence.online } : l)),
      }));
    },
  });
}
