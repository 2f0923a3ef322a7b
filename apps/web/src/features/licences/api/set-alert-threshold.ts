import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import { restClient } from '@/lib/rest-client';
import { licencePath } from '@/lib/rest-paths-signed-in';
import { licenceQueryOptions } from '@/resources/licences';

/** PATCH service_licence/{id} with alertMonthlyCalls (null goes as empty: no alert); answers the licence. */
export function setAlertThreshold({
  id,
  alertMonthlyCalls,
}: {
  id: string;
  alertMonthlyCalls: number | null;
}) {
  return restClient.patch<Licence>(licencePath(id), { body: { alertMonthlyCalls } });
}

export function useSetAlertThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAlertThreshold,
    onSuccess: (licence) => queryClient.setQueryData(licenceQueryOptions(licence.id).queryKey, licence),
  });
}
