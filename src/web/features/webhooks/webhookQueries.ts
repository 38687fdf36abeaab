import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import type {
  WebhookEndpointWithSecret,
  WebhookDelivery,
  WebhookEndpoint,
  UpdateWebhookEndpoint,
  CreateWebhookEndpoint,
} from '../../../common/api/webhooks.js';

const WEBHOOKS_KEY = QUERY_KEYS.webhooks;
const deliveriesKey = (endpointId: number) => [...WEBHOOKS_KEY, endpointId, 'deliveries'] as const;

/** How often a list with deliveries still pending asks again (ms): retries are due a minute apart at the soonest. */
export const PENDING_REFRESH_MS = 3_000;
/** The deliveries log shows the newest this many (the server allows up to 200). */
export const DELIVERIES_LIMIT = 50;

/** GET /api/webhooks; asks again while any endpoint has deliveries pending, so their outcome shows. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: ({ signal }) => apiData<WebhookEndpoint[]>('/webhooks', { authenticated: true, signal }),
    refetchInterval: (query) => (query.state.data?.some((endpoint) => endpoint.pending_count > 0) ? PENDING_REFRESH_MS : false),
  });
}

/** GET /api/webhooks/{id}/deliveries, newest first; asks again while any delivery is pending. Idle for null. */
export function useWebhookDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: deliveriesKey(endpointId ?? 0),
    queryFn: ({ signal }) => apiData<WebhookDelivery[]>(`/webhooks/${endpointId}/deliveries?limit=${DELIVERIES_LIMIT}`, { authenticated: true, signal }),
    enabled: endpointId !== null,
    refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
  });
}

/** POST /api/webhooks: resolves to the envelope, whose data carries the secret shown once. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpoint) => apiRequest<WebhookEndpointWithSecret>('/webhooks', { method: 'POST', body: input, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** PUT /api/webhooks/{id} with the fields that change (re-enabling clears the reason it was disabled). */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: UpdateWebhookEndpoint }) =>
      apiRequest<WebhookEndpoint>(`/webhooks/${id}`, { method: 'PUT', body: change, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/webhooks/${id}`, { method: 'DELETE', authenticated: true }),
    // Its deliveries log must not be asked for once it is gone.
    onSuccess: (_envelope, id) => queryClient.removeQueries({ queryKey: [...WEBHOOKS_KEY, id] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** POST /api/webhooks/{id}/rotate-secret: the old secret stops signing at once; resolves to the new one. */
export function useRotateWebhookSecret() {
  return useMutation({
    mutationFn: (id: number) => apiData<{ secret: string }>(`/webhooks/${id}/rotate-secret`, { method: 'POST', authenticated: true }),
  });
}

/** POST /api/webhooks/{id}/test: queues a `webhook.test` event for this endpoint only. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiData<WebhookDelivery>(`/webhooks/${id}/test`, { method: 'POST', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** POST …/deliveries/{deliveryId}/redeliver: a new pending delivery of the same event (same webhook-id). */
export function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
      apiData<WebhookDelivery>(`/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { method: 'POST', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
