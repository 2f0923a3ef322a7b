import type { QueryClient } from '@tanstack/react-query';
import type { Project } from '@portal/contract/project';

/**
 * Drops the cached answers of a project's licences (the licences feature keeps each under
 * ['licence', id, …]): they carry the project's name and existence, so after a rename or a
 * delete a visit must load them again instead of showing the old state first.
 */
export function forgetProjectLicences(queryClient: QueryClient, project: Pick<Project, 'licences'>): void {
  const licenceIds = new Set(project.licences.map((licence) => licence.id));
  queryClient.removeQueries({
    queryKey: ['licence'],
    predicate: (query) => licenceIds.has(String(query.queryKey[1])),
  });
}
