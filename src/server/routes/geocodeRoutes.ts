import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { addressSearchQuery, addressSuggestion, geocodeQuery } from '../../common/api/geocode.js';
import type { GeocodeService } from '../geocode/geocodeService.js';

const MINUTE_MS = 60_000;

export interface GeocodeRouteDeps {
  geocode: GeocodeService;
  /**
   * Per client address and route (SEARCH_RATE_LIMIT_PER_MINUTE): typing with suggestions stays far
   * below the default; one client cannot monopolise the upstream geocoder.
   */
  searchesPerMinute: number;
}

const tags = ['geocoding'];

/** GET /api/search_addresses and GET /api/geocode: the public map's address search, rate-limited per client address. */
export function geocodeRoutes(deps: GeocodeRouteDeps): FastifyPluginAsyncZod {
  const searchRateLimit = { max: deps.searchesPerMinute, timeWindow: MINUTE_MS };
  return async (app) => {
    app.get(
      '/search_addresses',
      {
        config: { rateLimit: searchRateLimit },
        schema: {
          tags,
          summary: 'Up to 5 address suggestions; none for q under 2 characters',
          querystring: addressSearchQuery,
          response: { 200: envelopeOf(z.array(addressSuggestion)), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.geocode.suggest(request.query.q) }),
    );

    app.get(
      '/geocode',
      {
        config: { rateLimit: searchRateLimit },
        schema: {
          tags,
          summary: 'The best match for an address',
          querystring: geocodeQuery,
          response: { 200: envelopeOf(addressSuggestion), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.geocode.geocode(request.query.address) }),
    );
  };
}
