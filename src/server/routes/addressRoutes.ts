import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { ADDRESS_CSV_EXAMPLE, ADDRESS_CSV_MAX_BYTES, addressImportResult } from '../../common/api/geocode.js';
import { ValidationError } from '../errors.js';
import type { GeocodeService } from '../geocode/geocodeService.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';

const addressCount = z.object({ count: z.number() });

const tags = ['geocoding'];

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

/** /api/addresses/* (admin scope): the imported address book's CSV import, count and reset. */
export function addressRoutes(geocode: GeocodeService): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this plugin reads CSV bodies (Fastify scopes content-type parsers to the plugin).
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: ADDRESS_CSV_MAX_BYTES }, (_request, body, done) => done(null, body));

    app.post(
      '/addresses/import',
      {
        config: multipartDocs({ fileField: 'file', alsoText: { contentType: 'text/csv', example: ADDRESS_CSV_EXAMPLE } }),
        schema: {
          tags,
          summary: 'Import addresses from CSV (header label,lat,lng): multipart field "file" or a text/csv body, up to 5 MB',
          response: { 200: envelopeOf(addressImportResult), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const result = await geocode.importCsv(await csvText(request));
        return { success: true as const, message: `Imported ${plural(result.imported_count)}`, data: result };
      },
    );

    app.get(
      '/addresses/count',
      { schema: { tags, summary: 'How many imported addresses there are', response: { 200: envelopeOf(addressCount) } } },
      async () => ({ success: true as const, data: { count: await geocode.countImported() } }),
    );

    app.delete('/addresses', { schema: { tags, summary: 'Remove every imported address', response: { 200: messageEnvelope } } }, async () => ({
      success: true as const,
      message: `Removed ${plural(await geocode.clearImported())}`,
    }));
  };
}
