import { type Mock, vi } from 'vitest';
import type { AttemptResult } from '../webhooks/deliverySchedule.js';
import type { HeadDelivery, WebhookQueueRepository } from '../webhooks/webhookQueueRepository.js';
import type { WebhookMessage, WebhookSender } from '../webhooks/webhookSender.js';

/** An endpoint of the memory queue; its secret sealed by the spec's secret box. */
export interface MemoryEndpoint {
  id: number;
  url: string;
  secret_sealed: string;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
}

/** A delivery of the memory queue with its event. */
export interface MemoryDelivery {
  id: number;
  endpoint_id: number;
  message_id: string;
  type: string;
  payload_json: string;
  event_created_at: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_attempt_at: string | null;
  last_error: string | null;
}

export type MemoryWebhookQueue = Pick<WebhookQueueRepository, 'dueEndpoints' | 'recordAttempt' | 'disable'> & {
  head: Mock<WebhookQueueRepository['head']>;
  lockHead: Mock<WebhookQueueRepository['lockHead']>;
  endpoints: MemoryEndpoint[];
  deliveries: MemoryDelivery[];
  /** A pending delivery of a new event to `endpointId`, due at `at`. */
  add(endpointId: number, data: unknown, at: string, type?: string): MemoryDelivery;
};

/** The worker's queue in memory: the head of an endpoint is its oldest pending delivery, as in SQL. */
export function memoryWebhookQueue(endpoints: MemoryEndpoint[]): MemoryWebhookQueue {
  const deliveries: MemoryDelivery[] = [];
  const headOf = (endpointId: number): HeadDelivery | undefined => {
    const endpoint = endpoints.find((e) => e.id === endpointId && e.enabled);
    const delivery = deliveries.find((d) => d.endpoint_id === endpointId && d.status === 'pending');
    if (!endpoint || !delivery) return undefined;
    const { status: _status, last_attempt_at: _at, last_error: _error, ...head } = delivery;
    return { ...head, url: endpoint.url, secret_sealed: endpoint.secret_sealed, failing_since: endpoint.failing_since };
  };
  return {
    endpoints,
    deliveries,
    add(endpointId, data, at, type = 'lead.created') {
      const id = deliveries.length + 1;
      const delivery: MemoryDelivery = {
        id,
        endpoint_id: endpointId,
        message_id: `msg_${String(id).padStart(26, '0')}`,
        type,
        payload_json: JSON.stringify(data),
        event_created_at: at,
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        last_attempt_at: null,
        last_error: null,
      };
      deliveries.push(delivery);
      return delivery;
    },
    dueEndpoints: vi.fn(async (now: string) =>
      endpoints
        .filter((e) => {
          const head = headOf(e.id);
          return head !== undefined && head.next_attempt_at <= now;
        })
        .map((e) => e.id),
    ),
    head: vi.fn(async (endpointId: number) => headOf(endpointId)),
    lockHead: vi.fn(async (endpointId: number) => headOf(endpointId)),
    recordAttempt: vi.fn(async (head, after) => {
      const delivery = deliveries.find((d) => d.id === head.id && d.status === 'pending');
      if (delivery) {
        delivery.status = after.delivery.status;
        delivery.attempts = after.delivery.attempts;
        delivery.last_attempt_at = after.delivery.last_attempt_at;
        delivery.last_error = after.delivery.last_error;
        if (after.delivery.next_attempt_at) delivery.next_attempt_at = after.delivery.next_attempt_at;
      }
      const endpoint = endpoints.find((e) => e.id === head.endpoint_id);
      if (endpoint) endpoint.failing_since = after.failingSince;
    }),
    disable: vi.fn(async (endpointId: number, reason: string) => {
      const endpoint = endpoints.find((e) => e.id === endpointId && e.enabled);
      if (!endpoint) return false;
      endpoint.enabled = false;
      endpoint.disabled_reason = reason;
      for (const d of deliveries) if (d.endpoint_id === endpointId && d.status === 'pending') Object.assign(d, { status: 'failed', last_error: reason });
      return true;
    }),
  };
}

/** A sender that keeps every message and answers by `answer` (the n-th send, 0 first); default 200. */
export function fakeWebhookSender(answer: (n: number, message: WebhookMessage) => AttemptResult | Promise<AttemptResult> = () => OK): WebhookSender & {
  sent: WebhookMessage[];
} {
  const sent: WebhookMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
      return answer(sent.length - 1, message);
    },
  };
}

export const OK: AttemptResult = { ok: true, statusCode: 200, response: 'ok' };
export const SERVER_ERROR: AttemptResult = { ok: false, statusCode: 500, response: 'down', error: 'The receiver answered HTTP 500' };
