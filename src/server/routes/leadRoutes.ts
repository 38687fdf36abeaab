import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { leadRequest, leadResult, searchLogRequest, searchLogResult } from '../../common/api/leads.js';
import type { LeadService } from '../leads/leadService.js';

export interface LeadRouteLimits {
  leadsPerHour: number;
  searchLogsPerMinute: number;
}

export const LEAD_SENT = 'Thank you! Your request has been sent.';

const tags = ['leads'];
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The public map's writes: POST /api/log_search and POST /api/submit_lead, each rate-limited per
 * client address (needs registerRateLimits on an enclosing context).
 */
export function leadRoutes(leads: LeadService, limits: LeadRouteLimits): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/log_search',
      {
        config: { rateLimit: { max: limits.searchLogsPerMinute, timeWindow: MINUTE_MS } },
        schema: {
          tags,
          summary: 'Record a search of the public map',
          body: searchLogRequest,
          response: { 200: envelopeOf(searchLogResult), 400: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await leads.logSearch(request.body) }),
    );

    app.post(
      '/submit_lead',
      {
        config: { rateLimit: { max: limits.leadsPerHour, timeWindow: HOUR_MS } },
        schema: {
          tags,
          summary: 'Send a sign-up or contact request to a provider (provider_id 0: general inquiry)',
          body: leadRequest,
          response: { 200: envelopeOf(leadResult), 400: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: LEAD_SENT, data: await leads.submitLead(request.body) }),
    );
  };
}
