import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { LegalItem } from '@portal/contract/legal';
import { restClient } from '@/lib/rest-client';
import { legalPagesPath } from '@/lib/rest-paths-on-demand';
import { legalPageKeys } from '@/lib/query-keys';

export function getLegalPages({ signal }: { signal?: AbortSignal } = {}) {
  return restClient.get<LegalItem[]>(legalPagesPath(), { signal });
}

/**
 * Every legal page in both languages, as the API answers. Not put into a server-rendered page's
 * data (meta.rendered): the page needs only its own entry, the query below.
 */
export const legalPagesQueryOptions = () =>
  queryOptions({
    queryKey: legalPageKeys.all(),
    queryFn: ({ signal }) => getLegalPages({ signal }),
    meta: { rendered: false },
  });

/** One legal page by its internal name (null: there is none), read from the list above. */
export const legalPageQueryOptions = (name: string) =>
  queryOptions({
    queryKey: legalPageKeys.one(name),
    queryFn: async ({ client }) =>
      (await client.fetchQuery(legalPagesQueryOptions())).find((page) => page.interner_name === name) ?? null,
  });

export function useLegalPage(name: string) {
  return useSuspenseQuery(legalPageQueryOptions(name));
}
