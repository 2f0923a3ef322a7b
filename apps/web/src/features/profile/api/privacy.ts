import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member } from '@portal/contract/project-member';
import type { AccountDeletion } from '@portal/contract/privacy';
import { logoutLocally } from '@/lib/auth';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { restClient, restFile } from '@/lib/rest-client';
import { personPaths } from '@/lib/rest-paths';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { saveFile } from '@/lib/save-file';
import { refreshProjectLists } from '@/resources/projects';

// "Download my data" and "Delete account" in the profile (docs/privacy.md#export,
// docs/privacy.md#deletion), and the hand-over of shared projects the deletion needs first.

/** GET …/export: the ZIP, saved as a download; answers the file name. */
export function useDownloadMyData(oid: string) {
  return useMutation({
    mutationFn: async () =>
      saveFile(await restFile(personPaths.export(oid), 'application/zip'), 'portal-data.zip'),
  });
}

/** The members of a project the person owns (to see whether it is shared, and with whom). */
export function useOwnedProjectMembers(projectId: string) {
  return useQuery({
    queryKey: projectKeys.members(projectId),
    queryFn: ({ signal }) => restClient.get<Member[]>(projectPaths.members(projectId), { signal }),
  });
}

/** Hands the project to an active member (the sharing dialog's PATCH …/member/{personId} with role owner). */
export function useHandOver(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: string) =>
      restClient.patch<Member[]>(projectPaths.member(projectId, personId), { body: { role: 'owner' } }),
    onSuccess: async (members) => {
      queryClient.setQueryData(projectKeys.members(projectId), members);
      await refreshProjectLists(queryClient);
    },
  });
}

/**
 * DELETE the account with the password or a code. On success `signOut` ends this browser's
 * session: call it after leaving the profile (it unmounts everything signed in, the dialog too).
 */
export function useDeleteAccount(oid: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (proof: AccountDeletion) => restClient.delete(personPaths.one(oid), { json: proof }),
  });
  return { ...mutation, signOut: () => logoutLocally(queryClient) };
}
