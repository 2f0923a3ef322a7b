import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { licenceKeyRotationSchema } from '@portal/contract/licence';
import type { z } from 'zod';
import { restClient } from '@/lib/rest-client';
import { licenceToolPaths } from '@/lib/rest-paths-signed-in';
import { licenceQueryOptions } from '@/resources/licences';

type KeyRotation = z.infer<typeof licenceKeyRotationSchema>;

/** POST service_licence/{id}/key: a new key; the replaced one works until previousKeyValidUntil. */
export function rotateLicenceKey({ id }: { id: string }) {
  return restClient.post<KeyRotation>(licenceToolPaths.key(id));
}

/** After a rotation the licence (key and integration code) is loaded again before the dialog closes. */
export function useRotateLicenceKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateLicenceKey,
    onSuccess: (_rotation, { id }) =>
      queryClient.refetchQueries({ queryKey: licenceQueryOptions(id).queryKey, exact: true }),
  });
}
