import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AdminGalleryPatch,
  AdminService,
  AdminServiceCreate,
  AdminServiceList,
  AdminServicePatch,
  ServiceImageSlot,
} from '@portal/contract/admin-service';
import { serviceKeys } from '@/lib/query-keys';
import { adminServiceKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { adminServicePaths } from '@/lib/rest-paths-signed-in';

// The services of the admin console (docs/admin.md#services). Every write answers the whole
// service, which replaces the cached one; the lists and the public catalogue are fetched again,
// so the admin sees at once what visitors see.

export const ADMIN_SERVICES_PAGE_SIZE = 25;

export const adminServicesQueryOptions = (query: { q: string; page: number }) =>
  queryOptions({
    queryKey: adminServiceKeys.list(query),
    queryFn: ({ signal }) =>
      restClient.get<AdminServiceList>(adminServicePaths.list(), {
        query: { q: query.q || undefined, page: query.page, pageSize: ADMIN_SERVICES_PAGE_SIZE },
        signal,
      }),
  });

export const adminServiceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminServiceKeys.one(id),
    queryFn: ({ signal }) => restClient.get<AdminService>(adminServicePaths.one(id), { signal }),
  });

async function changed(queryClient: QueryClient, service?: AdminService) {
  if (service) queryClient.setQueryData(adminServiceKeys.one(service.id), service);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminServiceKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [serviceKeys.list('de')[0]] }),
    queryClient.invalidateQueries({ queryKey: [serviceKeys.one('')[0]] }),
  ]);
}

/** Creates a service (id === null) or changes fields of one. */
export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string | null; changes: AdminServiceCreate | AdminServicePatch }) =>
      id === null
        ? restClient.post<AdminService>(adminServicePaths.list(), { json: changes })
        : restClient.patch<AdminService>(adminServicePaths.one(id), { json: changes }),
    onSuccess: (service) => changed(queryClient, service),
  });
}

/** Retires a service (DELETE), or brings it back. */
export function useSetRetired(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (retired: boolean) => {
      if (retired) {
        await restClient.delete(adminServicePaths.one(id));
        return restClient.get<AdminService>(adminServicePaths.one(id));
      }
      return restClient.patch<AdminService>(adminServicePaths.one(id), { json: { retired: false } });
    },
    onSuccess: (service) => changed(queryClient, service),
  });
}

export function useUploadServiceImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slot, file, name }: { slot: ServiceImageSlot; file: File; name?: { de: string; en: string } }) => {
      const body = new FormData();
      body.append('slot', slot);
      if (name) {
        body.append('nameDe', name.de);
        body.append('nameEn', name.en);
      }
      body.append('file', file); // last: the server reads the fields before the file
      return restClient.post<AdminService>(adminServicePaths.gallery(id), { body });
    },
    onSuccess: (service) => changed(queryClient, service),
  });
}

export function useChangeGalleryImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, changes }: { imageId: string; changes: AdminGalleryPatch | null }) =>
      changes === null
        ? restClient.delete<AdminService>(adminServicePaths.image(id, imageId))
        : restClient.patch<AdminService>(adminServicePaths.image(id, imageId), { json: changes }),
    onSuccess: (service) => changed(queryClient, service),
  });
}
