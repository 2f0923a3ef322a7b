import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiComparison,
  ApiVersion,
  ApiVersionCreate,
  ApiVersionList,
  ApiVersionSource,
} from '@portal/contract/service-api';
import { apiReferenceKeys, serviceKeys } from '@/lib/query-keys';
import { adminServiceKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminServicePaths } from '@/lib/rest-paths-signed-in';

// The API reference versions of a service in the admin console (docs/admin.md#api-reference):
// stored ones, new ones (checked by the server, which names what is wrong), publishing, the
// documents as uploaded and what changed between two versions.

export const adminServiceApiQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminServiceKeys.api(id),
    queryFn: ({ signal }) => restClient.get<ApiVersionList>(adminServicePaths.api(id), { signal }),
  });

export function getApiVersionSource(id: string, versionId: string) {
  return restClient.get<ApiVersionSource>(adminServicePaths.apiVersion(id, versionId));
}

export function compareApiVersions(id: string, versionId: string, withId: string) {
  return restClient.get<ApiComparison>(adminServicePaths.apiCompare(id, versionId), { query: { with: withId } });
}

export function useStoreApiVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: ApiVersionCreate) =>
      restClient.post<ApiVersion>(adminServicePaths.api(id), { json: version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminServiceKeys.api(id) }),
  });
}

export function usePublishApiVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => restClient.post<ApiVersionList>(adminServicePaths.apiPublish(id, versionId)),
    onSuccess: async (list) => {
      queryClient.setQueryData(adminServiceKeys.api(id), list);
      // What visitors see changed: the reference and the service's link to it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [apiReferenceKeys.one('', 'de')[0], id] }),
        queryClient.invalidateQueries({ queryKey: serviceKeys.one(id) }),
      ]);
    },
  });
}
