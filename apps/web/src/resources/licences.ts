import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Licence } from '@portal/contract/licence';
import type { Project } from '@portal/contract/project';
import { licenceKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { licencePath } from '@/lib/rest-paths-signed-in';

// A service licence by id: the licences feature shows and changes it; the projects feature
// drops it from the cache when its project is renamed or deleted.

/** Without a period the server counts the last 90 days (every day present in callsPerDate). */
function getLicence({ id, signal }: { id: string; signal?: AbortSignal }) {
  return restClient.get<Licence>(licencePath(id), { signal });
}

export const licenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: licenceKeys.one(id),
    queryFn: ({ signal }) => getLicence({ id, signal }),
  });

export function useLicence(id: string) {
  return useQuery(licenceQueryOptions(id));
}

/**
 * Drops the cached answers of a project's licences (each with its usage): they carry the
 * project's name and existence, so after a rename or a delete a visit must load them again
 * instead of showing the old state first.
 */
export function forgetProjectLicences(queryClient: QueryClient, project: Pick<Project, 'licences'>): void {
  for (const licence of project.licences) {
    queryClient.removeQueries({ queryKey: licenceKeys.one(licence.id) });
  }
}
