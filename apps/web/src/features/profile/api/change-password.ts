import { useMutation } from '@tanstack/react-query';
import { restClient } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';

/**
 * PATCH /rest/collection/person/{oid}/password → 204; a wrong current password answers 400
 * with code pwWrong. The server ends the user's other sessions, this one stays.
 */
export function changePassword({
  oid,
  passwordActual,
  password,
}: {
  oid: string;
  passwordActual: string;
  password: string;
}) {
  return restClient.patch(personPaths.password(oid), {
    body: { oid, passwordActual, password },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
