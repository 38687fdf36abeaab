import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  createWebhookEndpoint,
  updateWebhookEndpoint,
  webhookDeliveriesQuery,
  webhookDelivery,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookEndpointWithSecret,
  webhookEventTypeInfo,
  webhookIdParams,
  webhookSecret,
} from '../../common/api/webhooks.js';
import { webhookEventTypes } from '../webhooks/webhookEventTypes.js';
import type { WebhookService } from '../webhooks/webhookService.js';

const tags = ['webhooks'];

/** /api/webhooks/* (admin scope): endpoints, their secrets, the deliveries' log, test events and redelivery. */
export function webhookRoutes(webhooks: WebhookService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/webhooks',
      { schema: { tags, summary: 'Every webhook endpoint, oldest first, with its last delivery', response: { 200: envelopeOf(z.array(webhookEndpoint)) } } },
      async () => ({ success: true as const, data: await webhooks.list() }),
    );

    app.get(
      '/webhooks/event-types',
      {
        schema: {
          tags,
          summary:
            "The events a webhook endpoint can receive: each type, what it means and an example body. Every delivery is a POST of {type, timestamp, data}, signed as Standard Webhooks says (webhook-id, webhook-timestamp, webhook-signature); this answer's schema is each event's body schema",
          response: { 200: envelopeOf(z.array(webhookEventTypeInfo)) },
        },
      },
      async () => ({ success: true as const, data: webhookEventTypes() }),
    );

    app.post(
      '/webhooks',
      {
        schema: {
          tags,
          summary:
            'Add an endpoint: its URL (public addresses only unless ALLOW_PRIVATE_FETCH) and the events it wants. The answer holds its signing secret, shown only here',
          body: createWebhookEndpoint,
          response: { 200: envelopeOf(webhookEndpointWithSecret), 400: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Webhook endpoint added', data: await webhooks.create(request.body) }),
    );

    app.get(
      '/webhooks/:id',
      { schema: { tags, summary: 'One webhook endpoint', params: webhookIdParams, response: { 200: envelopeOf(webhookEndpoint), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await webhooks.get(request.params.id) }),
    );

    app.put(
      '/webhooks/:id',
      {
        schema: {
          tags,
          summary:
            'Change an endpoint (each field optional). Enabling it again clears disabled_reason and failing_since; disabling it fails its pending deliveries',
          params: webhookIdParams,
          body: updateWebhookEndpoint,
          response: { 200: envelopeOf(webhookEndpoint), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Webhook endpoint saved', data: await webhooks.update(request.params.id, request.body) }),
    );

    app.delete(
      '/webhooks/:id',
      { schema: { tags, summary: 'Delete an endpoint and its deliveries', params: webhookIdParams, response: { 200: messageEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await webhooks.delete(request.params.id);
        return { success: true as const, message: 'Webhook endpoint deleted' };
      },
    );

    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          tags,
          summary: "An endpoint's deliveries, newest first (limit 1 to 200, default 50)",
          params: webhookIdParams,
          querystring: webhookDeliveriesQuery,
          response: { 200: envelopeOf(z.array(webhookDelivery)), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await webhooks.deliveries(request.params.id, request.query.limit) }),
    );

    app.post(
      '/webhooks/:id/test',
      {
        schema: {
          tags,
          summary: 'Queue a webhook.test event for this endpoint only; answers its delivery',
          params: webhookIdParams,
          response: { 200: envelopeOf(webhookDelivery), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Test event queued', data: await webhooks.sendTest(request.params.id) }),
    );

    app.post(
      '/webhooks/:id/deliveries/:deliveryId/redeliver',
      {
        schema: {
          tags,
          summary: "Queue the delivery's event again for this endpoint: the same body and webhook-id",
          params: webhookDeliveryParams,
          response: { 200: envelopeOf(webhookDelivery), 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Redelivery queued',
        data: await webhooks.redeliver(request.params.id, request.params.deliveryId),
      }),
    );

    app.post(
      '/webhooks/:id/rotate-secret',
      {
        schema: {
          tags,
          summary: 'Replace the signing secret; the new one is shown only in this answer, and every later delivery is signed with it alone',
          params: webhookIdParams,
          response: { 200: envelopeOf(webhookSecret), 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Secret rotated', data: await webhooks.rotateSecret(request.params.id) }),
    );
  };
}
