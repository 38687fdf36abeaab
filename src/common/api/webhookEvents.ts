import { z } from 'zod';

/**
 * The events a webhook endpoint can subscribe to, and the `data` of each (issue 20 §3). The body
 * of every delivery is `{ type, timestamp, data }` (Standard Webhooks), `timestamp` ISO 8601 UTC.
 * These schemas are the stable contract receivers code against: the OpenAPI document and
 * docs/api.md describe them; add fields, never rename or remove one.
 */
export const WEBHOOK_EVENT_TYPES = ['lead.created', 'lead.updated', 'waitlist.confirmed', 'zone.goal_reached', 'coverage.live_at_waitlist'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send a test event", to the one endpoint it was asked for. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

const isoTime = z.string().describe('ISO 8601 UTC');

export const leadEventLead = z.object({
  id: z.number(),
  /** null: a general inquiry. */
  provider_id: z.number().nullable(),
  provider_name: z.string().nullable(),
  lead_type: z.enum(['sign_up', 'contact_request']),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The latest request's message. */
  message: z.string().nullable(),
  status: z.string(),
  /** How many requests this lead stands for (the same person asking again within 24 h adds one). */
  request_count: z.number(),
  /** Where the visitor searched before asking; null when the lead came without a search. */
  search: z.object({ address: z.string().nullable(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type LeadEventLead = z.infer<typeof leadEventLead>;

export const waitlistEventEntry = z.object({
  id: z.number(),
  /** null: any provider. */
  provider_id: z.number().nullable(),
  /** Set for a pre-registration in a zone. */
  zone_id: z.number().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  created_at: isoTime,
  confirmed_at: isoTime.nullable(),
});
export type WaitlistEventEntry = z.infer<typeof waitlistEventEntry>;

export const zoneEventZone = z.object({
  id: z.number(),
  name: z.string(),
  provider_id: z.number(),
  goal: z.number(),
  confirmed_count: z.number(),
  /** YYYY-MM-DD or null. */
  deadline: z.string().nullable(),
  reached_at: isoTime,
});

/** A service that went live at a waitlisted spot: a provider's layer, or (provider_id null) the site's own towers. */
export const liveService = z.object({ provider_id: z.number().nullable(), name: z.string(), signup_url: z.string().nullable() });
export type LiveService = z.infer<typeof liveService>;

export const webhookEventData = {
  'lead.created': z.object({ lead: leadEventLead }),
  'lead.updated': z.object({ lead: leadEventLead }),
  'waitlist.confirmed': z.object({ entry: waitlistEventEntry }),
  'zone.goal_reached': z.object({ zone: zoneEventZone }),
  'coverage.live_at_waitlist': z.object({ entry: waitlistEventEntry, services: z.array(liveService).min(1) }),
} as const;
export type WebhookEventData = { [T in WebhookEventType]: z.infer<(typeof webhookEventData)[T]> };
