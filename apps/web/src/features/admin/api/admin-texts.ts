import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/hooks/use-translation';
import type { AdminTranslation, AdminTranslationList } from '@portal/contract/admin-content';
import { adminContentKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminContentPaths } from '@/lib/rest-paths-signed-in';

// The texts of the admin console (docs/admin.md#texts).

export interface TextsQuery {
  namespace: string;
  q: string;
  missing: boolean;
  page: number;
}

export const adminTextsQueryOptions = (query: TextsQuery) =>
  queryOptions({
    queryKey: adminContentKeys.texts(query),
    queryFn: ({ signal }) =>
      restClient.get<AdminTranslationList>(adminContentPaths.texts(), {
        query: {
          page: query.page,
          ...(query.namespace ? { namespace: query.namespace } : {}),
          ...(query.q.trim() ? { q: query.q.trim() } : {}),
          ...(query.missing ? { missing: '1' } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/**
 * Saves the texts of one key. This app's own copy of the namespace is loaded again, so the
 * admin sees the new text on the public pages at once, as visitors do with their next page.
 */
export function useSaveText() {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: ({ key, texts }: { key: string; texts: AdminTranslation }) =>
      restClient.patch<AdminTranslation>(adminContentPaths.text(key), { json: texts }),
    onSuccess: async (_saved, { key }) => {
      const namespace = key.slice(0, key.indexOf('.'));
      if (i18n.hasResourceBundle(i18n.language, namespace)) await i18n.reloadResources(['de', 'en'], [namespace]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminContentKeys.textLists() }),
  });
}
