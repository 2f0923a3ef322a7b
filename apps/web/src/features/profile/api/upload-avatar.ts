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
    // The answer is the person with the new avatar URL (a new version): it goes into the cache at
    // once, so every place showing the user (the top bar too) fetches the new picture now, and the
    // user is reloaded as well. Older versions' pictures stay cached.
    onSuccess: (person, { oid }) => {
      const { queryKey } = userQueryOptions(oid);
      queryClient.setQueryData(queryKey, person);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
