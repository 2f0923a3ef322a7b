import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@portal/contract/person';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';
import { userQueryOptions } from '@/resources/person';

/** POST /rest/collection/person/{oid}/avatar, multipart field `avatar` → the person. */
export function uploadAvatar({ oid, file }: { oid: string; file: Blob }) {
  const body = new FormData();
  body.append('avatar', file);
  return restClient.post<Person>(personPaths.avatar(oid), { body });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // After the upload the user is reloaded. The new avatar URL carries a new version, so the picture
    // is fetched once more and every other copy of it stays cached.
    onSuccess: (_person, { oid }) =>
      queryClient.invalidateQueries({ queryKey: userQueryOptions(oid).queryKey }),
  });
}
