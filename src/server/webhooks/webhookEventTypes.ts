import type { LeadEventLead, LiveService, WaitlistEventEntry, WebhookEventData } from '../../common/api/webhookEvents.js';
import { WEBHOOK_TEST_EVENT } from '../../common/api/webhookEvents.js';
import type { WebhookEventTypeInfo } from '../../common/api/webhooks.js';

/** The examples' moment; a real body carries the event's own time. */
const AT = '2026-11-22T08:00:00.000Z';

const lead: LeadEventLead = {
  id: 42,
  provider_id: 3,
  provider_name: 'FibreCo',
  lead_type: 'sign_up',
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  phone: '+27 21 555 0100',
  message: 'Can I get 100 Mbps?',
  status: 'new',
  request_count: 1,
  search: { address: '12 Long Street, Cape Town', lat: -33.9206, lng: 18.4196 },
  created_at: AT,
  updated_at: AT,
};

const entry: WaitlistEventEntry = {
  id: 7,
  provider_id: 3,
  zone_id: null,
  name: null,
  email: 'sam@example.com',
  phone: null,
  address: '4 Harbour Road, Bredasdorp',
  lat: -34.5322,
  lng: 20.0403,
  created_at: AT,
  confirmed_at: AT,
};

const service: LiveService = { provider_id: 3, name: 'FibreCo', signup_url: 'https://fibreco.example/sign-up' };

const examples: { [T in keyof WebhookEventData]: { description: string; data: WebhookEventData[T] } } = {
  'lead.created': { description: 'A visitor sent a sign-up or contact request (a new lead).', data: { lead } },
  'lead.updated': {
    description: 'A lead changed: the same person asked the same provider again within 24 hours (request_count grew), or an admin changed its status or notes.',
    data: { lead: { ...lead, request_count: 2, status: 'contacted' } },
  },
  'waitlist.confirmed': { description: 'A waitlist entry or a zone pre-registration was confirmed through the e-mailed link.', data: { entry } },
  'zone.goal_reached': {
    description: "A pre-registration zone's confirmed count reached its goal (once per zone).",
    data: { zone: { id: 5, name: 'Bredasdorp', provider_id: 3, goal: 120, confirmed_count: 120, deadline: '2027-03-31', reached_at: AT } },
  },
  'coverage.live_at_waitlist': {
    description:
      'Service went live at a waitlisted spot: the entry and the services now live there (one event per entry and provider; the person is e-mailed too).',
    data: { entry, services: [service] },
  },
};

/** The data of a test event to `endpointId`. */
export function testEventData(endpointId: number, publicUrl: string): { endpoint_id: number; message: string } {
  return { endpoint_id: endpointId, message: `A test event from ${publicUrl}: this endpoint receives and verifies its webhooks.` };
}

/** Every event type a receiver can get, with what it means and an example body (GET /api/webhooks/event-types). */
export function webhookEventTypes(): WebhookEventTypeInfo[] {
  const types = Object.entries(examples).map(([type, { description, data }]) => ({
    type,
    description,
    example: { type, timestamp: AT, data },
  })) as WebhookEventTypeInfo[];
  return [
    ...types,
    {
      type: WEBHOOK_TEST_EVENT,
      description: 'Sent only by "Send a test event", to the one endpoint it was asked for, whatever events it subscribes to.',
      example: { type: WEBHOOK_TEST_EVENT, timestamp: AT, data: testEventData(1, 'https://coverage.example') },
    },
  ];
}
