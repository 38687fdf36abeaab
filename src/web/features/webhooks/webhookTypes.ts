import type { WebhookEventType } from '../../../common/api/webhookEvents.js';

// The webhooks API's answers as the issue 20 contract states them (GET/POST /api/webhooks …).

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why the server disabled it (three days of failures), or null. */
  disabled_reason: string | null;
  /** ISO time of the first failure of the current failing run, or null. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
  last_delivery: { status: DeliveryStatus; last_status_code: number | null; last_attempt_at: string | null } | null;
  pending_count: number;
}

/** POST /api/webhooks and rotate-secret: the signing secret (`whsec_…`), shown only in that answer. */
export type CreatedWebhookEndpoint = WebhookEndpoint & { secret: string };

export interface WebhookDelivery {
  id: number;
  event_id: number;
  /** The `webhook-id` header, the same on every attempt and redelivery of one event. */
  message_id: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  created_at: string;
  last_attempt_at: string | null;
  last_status_code: number | null;
  /** The start of the receiver's last answer (at most 500 characters). */
  last_response: string | null;
  last_error: string | null;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: string | null;
  delivered_at: string | null;
}

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEventType[];
  description?: string;
}

export type WebhookEndpointChange = Partial<WebhookEndpointInput> & { enabled?: boolean };
