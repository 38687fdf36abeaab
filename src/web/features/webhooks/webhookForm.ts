import { z } from 'zod';
import { text } from '../../../common/api/fields.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../common/api/webhookEvents.js';
import { createWebhookEndpoint } from '../../../common/api/webhooks.js';
import { ApiError, fieldErrorsOf } from '../../api/ApiError.js';
import type { WebhookEndpoint, UpdateWebhookEndpoint, CreateWebhookEndpoint } from '../../../common/api/webhooks.js';

/**
 * The endpoint dialog's values: the URL and description as typed, the events ticked, and (editing)
 * whether it is enabled. URL and events by the API's own rules; the description is the API's text
 * rule without its null (the input always holds text).
 */
export const webhookForm = z.object({
  url: createWebhookEndpoint.shape.url,
  description: text(500, 'Description'),
  events: createWebhookEndpoint.shape.events,
  enabled: z.boolean(),
});
export type WebhookFormValues = z.input<typeof webhookForm>;
export type WebhookFormOutput = z.output<typeof webhookForm>;

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = { url: '', description: '', events: [], enabled: true };

export function webhookToForm(endpoint: WebhookEndpoint): WebhookFormValues {
  return { url: endpoint.url, description: endpoint.description ?? '', events: [...endpoint.events], enabled: endpoint.enabled };
}

/** The events ticked, in the order of WEBHOOK_EVENT_TYPES whatever order they were ticked in. */
export function orderedEvents(events: readonly WebhookEventType[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
}

/** POST /api/webhooks's body: a new endpoint is always enabled; an empty description is left out. */
export function createBody(values: WebhookFormOutput): CreateWebhookEndpoint {
  const body: CreateWebhookEndpoint = { url: values.url, events: orderedEvents(values.events) };
  if (values.description !== '') body.description = values.description;
  return body;
}

/** PUT /api/webhooks/{id}'s body: every field of the dialog (an empty description clears it). */
export function updateBody(values: WebhookFormOutput): UpdateWebhookEndpoint {
  return { url: values.url, events: orderedEvents(values.events), description: values.description, enabled: values.enabled };
}

export type WebhookFormField = 'url' | 'description' | 'events';

/**
 * Where a refused save's message goes: under the fields the server named, else (a 400 naming no
 * field, which is the outbound guard refusing the URL's address) under the URL; anything else
 * (a network failure, a 404) above the form.
 */
export function saveErrorPlacement(error: unknown): { fields: Partial<Record<WebhookFormField, string>>; general: string | null } {
  const named = fieldErrorsOf(error);
  const fields: Partial<Record<WebhookFormField, string>> = {};
  for (const field of ['url', 'description', 'events'] as const) {
    const message = named[field] ?? Object.entries(named).find(([path]) => path.startsWith(`${field}.`))?.[1];
    if (message) fields[field] = message;
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  if (error instanceof ApiError && error.status === 400 && Object.keys(named).length === 0) return { fields: { url: error.message }, general: null };
  return { fields, general: error instanceof ApiError ? error.message : 'Failed to save the endpoint' };
}
