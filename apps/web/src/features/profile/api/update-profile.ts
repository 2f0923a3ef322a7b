import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person, PersonPatch } from '@portal/contract/person';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';
import { userQueryOptions } from '@/resources/person';

/** PATCH /rest/collection/person/{oid} with the changed fields only. */
export function updateProfile({ oid, changes }: { oid: string; changes: PersonPatch }) {
  return restClient.patch<Person>(personPaths.one(oid), {
    body: { ...changes },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the whole person: the top bar's initials and this page update at once.
    onSuccess: (person) => queryClient.setQueryData(userQueryOptions(person.oid).queryKey, person),
  });
}
