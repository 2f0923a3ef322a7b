import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';
import type { ProjectInvitation } from '@portal/contract/project-member';
import { invitationKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { invitationPaths } from '@/lib/rest-paths-signed-in';
import { rememberProject } from '@/resources/projects';

// Invitations to shared projects of the signed-in person: listed on /projects, where they are
// accepted (the project joins the list) or declined.

export const invitationsQueryOptions = (userOid: string) =>
  queryOptions({
    queryKey: invitationKeys.list(userOid),
    queryFn: ({ signal }) =>
      restClient.get<ProjectInvitation[]>(invitationPaths.ofPerson(userOid), { signal }),
  });

export function useInvitations(userOid: string) {
  return useQuery(invitationsQueryOptions(userOid));
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }): Promise<Project | null> =>
      accept
        ? restClient.post<Project>(invitationPaths.accept(id))
        : restClient.post<null>(invitationPaths.decline(id)).then(() => null),
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all() }),
    onSuccess: async (project) => {
      if (project) await rememberProject(queryClient, project);
    },
  });
}
