import { z } from 'zod';
import { blankAsMissing, booleanField, entityId, isHttpUrl, numberField, requiredText, text, URL_MESSAGE } from './fields.js';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, webhookEventData } from './webhookEvents.js';

/**
 * The webhook endpoints an admin keeps (issue 20 §3) and the log of their deliveries: the bodies
 * the server validates and the answers it sends, shared with the admin screen's forms.
 */

/** Most endpoints kept at once: the delivery worker looks at every one on each pass. */
export const WEBHOOK_MAX_ENDPOINTS = 50;
export const WEBHOOK_TOO_MANY_MESSAGE = `At most ${WEBHOOK_MAX_ENDPOINTS} webhook endpoints can be kept; delete one first`;
export const WEBHOOK_EVENTS_MESSAGE = `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}`;
/** The longest receiver answer kept with a delivery, characters. */
export const WEBHOOK_RESPONSE_EXCERPT_CHARS = 500;
export const WEBHOOK_DELIVERIES_DEFAULT = 50;
export const WEBHOOK_DELIVERIES_MAX = 200;

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_EVENTS_MESSAGE });

/** The events an endpoint wants: at least one, each once. */
const webhookEventList = z
  .array(webhookEventType, { error: WEBHOOK_EVENTS_MESSAGE })
  .min(1, WEBHOOK_EVENTS_MESSAGE)
  .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_EVENTS_MESSAGE)
  .transform((events) => [...new Set(events)]);

/** Where deliveries are POSTed: an http(s) URL (the server also refuses private addresses, see docs/api.md). */
const webhookUrl = requiredText(2000, 'URL').refine(isHttpUrl, URL_MESSAGE);

const description = z.preprocess((v) => (v === null ? '' : v), text(500, 'Description'));

/** POST /api/webhooks */
export const createWebhookEndpoint = z.object({
  url: webhookUrl,
  events: webhookEventList,
  description: description.optional(),
});
export type CreateWebhookEndpoint = z.infer<typeof createWebhookEndpoint>;

/** PUT /api/webhooks/{id}: every field optional; enabling again clears disabled_reason and failing_since. */
export const updateWebhookEndpoint = z.object({
  url: webhookUrl.optional(),
  events: webhookEventList.optional(),
  description: description.optional(),
  enabled: booleanField('enabled must be true or false').optional(),
});
export type UpdateWebhookEndpoint = z.infer<typeof updateWebhookEndpoint>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** An endpoint as listed and answered (never with its secret). */
export const webhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** Why the server disabled it (failing for three days); null when enabled or disabled by hand. */
  disabled_reason: z.string().nullable(),
  /** Since when every attempt has failed (ISO 8601 UTC); null while it succeeds. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The newest delivery to it; null before the first. */
  last_delivery: z
    .object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), last_status_code: z.number().nullable(), last_attempt_at: z.string().nullable() })
    .nullable(),
  /** Deliveries still to be made (due now or waiting for a retry). */
  pending_count: z.number(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The signing secret (Standard Webhooks' whsec_ form): shown only when created and when rotated. */
export const webhookSecret = z.object({ secret: z.string() });
export const webhookEndpointWithSecret = webhookEndpoint.extend(webhookSecret.shape);
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

/** One event for one endpoint, and how its attempts went. */
export const webhookDelivery = z.object({
  id: z.number(),
  event_id: z.number(),
  /** The webhook-id header: the same on every retry and redelivery of the event. */
  message_id: z.string(),
  type: z.union([webhookEventType, z.literal(WEBHOOK_TEST_EVENT)]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, unreachable). */
  last_status_code: z.number().nullable(),
  /** The first 500 characters of the receiver's answer. */
  last_response: z.string().nullable(),
  last_error: z.string().nullable(),
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookIdParams = z.object({ id: entityId('Webhook endpoint id must be a positive whole number', 'Webhook endpoint not found') });
export const webhookDeliveryParams = webhookIdParams.extend({
  deliveryId: entityId('Delivery id must be a positive whole number', 'Delivery not found'),
});

/** GET /api/webhooks/{id}/deliveries?limit= : newest first. */
export const webhookDeliveriesQuery = z.object({
  limit: z.preprocess(
    blankAsMissing,
    numberField(
      z
        .number({ error: `limit must be a whole number from 1 to ${WEBHOOK_DELIVERIES_MAX}` })
        .int(`limit must be a whole number from 1 to ${WEBHOOK_DELIVERIES_MAX}`)
        .min(1, `limit must be a whole number from 1 to ${WEBHOOK_DELIVERIES_MAX}`)
        .max(WEBHOOK_DELIVERIES_MAX, `limit must be at most ${WEBHOOK_DELIVERIES_MAX}`),
    ).default(WEBHOOK_DELIVERIES_DEFAULT),
  ),
});

/** The data of the test event ("Send a test event"), sent only to the endpoint it was asked for. */
export const webhookTestEventData = z.object({ endpoint_id: z.number(), message: z.string() });

/** The JSON body of every delivery of an event of `type` (Standard Webhooks): `{type, timestamp, data}`. */
function webhookBody<T extends string, D extends z.ZodType>(type: T, data: D) {
  return z.object({ type: z.literal(type), timestamp: z.string().describe('ISO 8601 UTC: when the event happened (the same on every retry)'), data });
}

/** GET /api/webhooks/event-types: each type a receiver can get, what it means, and an example body. */
export const webhookEventTypeInfo = z.union([
  ...WEBHOOK_EVENT_TYPES.map((type) => z.object({ type: z.literal(type), description: z.string(), example: webhookBody(type, webhookEventData[type]) })),
  z.object({ type: z.literal(WEBHOOK_TEST_EVENT), description: z.string(), example: webhookBody(WEBHOOK_TEST_EVENT, webhookTestEventData) }),
]);
export type WebhookEventTypeInfo = z.infer<typeof webhookEventTypeInfo>;
