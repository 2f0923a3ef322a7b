import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { restClient } from '@/lib/rest-client';
import { licencePath } from '@/lib/rest-paths-signed-in';
import { licenceQueryOptions } from '@/resources/licences';

/** PATCH service_licence/{id} with values = the settings form as a JSON string. */
export function saveLicenceSettings({ id, values }: { id: string; values: Record<string, string> }) {
  return restClient.patch<Licence>(licencePath(id), {
    body: { values: JSON.stringify(values) },
  });
}

export function useSaveLicenceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLicenceSettings,
    onSuccess: (licence) => queryClient.setQueryData(licenceQueryOptions(licence.id).queryKey, licence),
  });
}
