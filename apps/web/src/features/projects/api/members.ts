import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Member, MemberInvite } from '@portal/contract/project-member';
import type { ProjectRole } from '@portal/contract/project';
import { projectKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { projectPaths } from '@/lib/rest-paths-signed-in';
import { projectQueryOptions, refreshProjectLists } from '@/resources/projects';

// The sharing dialog's calls: the members of a project, inviting (and sending an invitation
// again), changing a role (or handing the project over) and removing someone (or leaving). Every
// change answers or refetches the list; a role change also refetches the project, whose role and
// owner may have changed.

export const membersQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.members(projectId),
    queryFn: ({ signal }) => restClient.get<Member[]>(projectPaths.members(projectId), { signal }),
  });

export function useMembers(projectId: string) {
  return useQuery(membersQueryOptions(projectId));
}

export function useInviteMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: MemberInvite) =>
      restClient.post<Member[]>(projectPaths.members(projectId), { body: { ...invite } }),
    onSuccess: (members) => queryClient.setQueryData(projectKeys.members(projectId), members),
  });
}

/** Sends a pending invitation again; the list does not change. */
export function useResendInvitation(projectId: string) {
  return useMutation({
    mutationFn: ({ personId }: { personId: string }) =>
      restClient.post(projectPaths.memberResend(projectId, personId)),
  });
}

export function useChangeRole(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, role }: { personId: string; role: ProjectRole }) =>
      restClient.patch<Member[]>(projectPaths.member(projectId, personId), { body: { role } }),
    onSuccess: async (members) => {
      queryClient.setQueryData(projectKeys.members(projectId), members);
      // After a handover the caller's role and the project's owner have changed.
      await queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey, exact: true });
      await refreshProjectLists(queryClient);
    },
  });
}

export function useRemoveMember(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId }: { personId: string }) =>
      restClient.delete(projectPaths.member(projectId, personId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
  });
}
