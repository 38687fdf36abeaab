import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { ADDRESS_CSV_EXAMPLE, ADDRESS_CSV_MAX_BYTES, addressImportResult, addressSearchQuery, addressSuggestion, geocodeQuery } from '../../common/api/geocode.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';
import type { GeocodeService } from '../geocode/geocodeService.js';

const MINUTE_MS = 60_000;

export interface GeocodeRouteDeps {
  auth: AuthService;
  geocode: GeocodeService;
  /**
   * Per client address and route (SEARCH_RATE_LIMIT_PER_MINUTE): typing with suggestions stays far
   * below the default; one client cannot monopolise the upstream geocoder.
   */
  searchesPerMinute: number;
}

const addressCount = z.object({ count: z.number() });

const tags = ['geocoding'];
const security = [{ bearerAuth: [] }];

function plural(count: number): string {
  return count === 1 ? '1 address' : `${count} addresses`;
}

async function csvText(request: FastifyRequest): Promise<string> {
  if (request.isMultipart()) {
    const form = await readMultipartForm(request, {
      fileField: 'file',
      maxFileBytes: ADDRESS_CSV_MAX_BYTES,
      tooLargeMessage: 'The CSV file must be at most 5 MB',
    });
    if (!form.file) throw new ValidationError('Choose a CSV file to import (form field "file")');
    return form.file.bytes.toString('utf8');
  }
  if (typeof request.body !== 'string') {
    throw new ValidationError('Send the CSV as a multipart file field "file" or as a text/csv body');
  }
  return request.body;
}

/** Public address search and geocoding; the admin's address book import, count and reset. */
export function geocodeRoutes(deps: GeocodeRouteDeps): FastifyPluginAsyncZod {
  const searchRateLimit = { max: deps.searchesPerMinute, timeWindow: MINUTE_MS };
  return async (app) => {
    const admin = requireAdmin(deps.auth);
    // Only this plugin reads CSV bodies (Fastify scopes content-type parsers to the plugin).
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: ADDRESS_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));

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

    app.post(
      '/addresses/import',
      {
        onRequest: admin,
        config: multipartDocs({ fileField: 'file', alsoText: { contentType: 'text/csv', example: ADDRESS_CSV_EXAMPLE } }),
        schema: {
          tags,
          security,
          summary: 'Import addresses from CSV (header label,lat,lng): multipart field "file" or a text/csv body, up to 5 MB',
          response: { 200: envelopeOf(addressImportResult), 400: errorEnvelope, 401: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const result = await deps.geocode.importCsv(await csvText(request));
        return { success: true as const, message: `Imported ${plural(result.imported_count)}`, data: result };
      },
    );

    app.get(
      '/addresses/count',
      { onRequest: admin, schema: { tags, security, summary: 'How many imported addresses there are', response: { 200: envelopeOf(addressCount), 401: errorEnvelope } } },
      async () => ({ success: true as const, data: { count: await deps.geocode.countImported() } }),
    );

    app.delete(
      '/addresses',
      { onRequest: admin, schema: { tags, security, summary: 'Remove every imported address', response: { 200: messageEnvelope, 401: errorEnvelope } } },
      async () => ({ success: true as const, message: `Removed ${plural(await deps.geocode.clearImported())}` }),
    );
  };
}
