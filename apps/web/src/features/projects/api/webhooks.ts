import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookCreate, WebhookDelivery, WebhookDeliveryPage, WebhookPatch } from '@portal/contract/webhook';
import { webhookKeys } from '@/lib/query-keys-signed-in';
import { restClient } from '@/lib/rest-client';
import { webhookPaths } from '@/lib/rest-paths-signed-in';

/** GET …/project/{id}/webhook: the endpoints with their secrets (owners and editors). */
export function useWebhooks(projectId: string) {
  return useQuery({
    queryKey: webhookKeys.list(projectId),
    queryFn: ({ signal }) => restClient.get<Webhook[]>(webhookPaths.list(projectId), { signal }),
  });
}

/** GET …/webhook/{wid}/delivery: one page of the log, newest first; refreshed while it shows pending entries. */
export function useWebhookDeliveries(projectId: string, wid: string, page: number) {
  return useQuery({
    queryKey: webhookKeys.deliveries(projectId, wid, page),
    queryFn: ({ signal }) =>
      restClient.get<WebhookDeliveryPage>(webhookPaths.deliveries(projectId, wid), {
        signal,
        query: { page: String(page), pageSize: '10' },
      }),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.state === 'pending') ? 2000 : false),
  });
}

/** Every change of an endpoint refreshes the list and the logs of the project's endpoints. */
function useWebhookMutation<V, T>(projectId: string, call: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list(projectId) }),
  });
}

export const useCreateWebhook = (projectId: string) =>
  useWebhookMutation(projectId, (input: WebhookCreate) => restClient.post<Webhook>(webhookPaths.list(projectId), { json: input }));

export const useUpdateWebhook = (projectId: string) =>
  useWebhookMutation(projectId, ({ id, ...change }: WebhookPatch & { id: string }) =>
    restClient.patch<Webhook>(webhookPaths.one(projectId, id), { json: change }),
  );

export const useDeleteWebhook = (projectId: string) =>
  useWebhookMutation(projectId, (id: string) => restClient.delete(webhookPaths.one(projectId, id)));

export const useRotateWebhookSecret = (projectId: string) =>
  useWebhookMutation(projectId, (id: string) => restClient.post<Webhook>(webhookPaths.secret(projectId, id)));

export const useSendTestEvent = (projectId: string) =>
  useWebhookMutation(projectId, (id: string) => restClient.post<WebhookDelivery>(webhookPaths.test(projectId, id)));

export const useResendDelivery = (projectId: string) =>
  useWebhookMutation(projectId, ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    restClient.post<WebhookDelivery>(webhookPaths.resend(projectId, id, deliveryId)),
  );
