import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  adminZone,
  publicZone,
  ZONE_FILE_MAX_BYTES,
  ZONE_FILE_REQUIRED_MESSAGE,
  ZONE_FILE_TOO_LARGE_MESSAGE,
  zoneGeometryFromFile,
  zoneIdParams,
  zoneInput,
  zoneUpdate,
} from '../../common/api/zones.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';
import type { ZoneService } from '../zones/zoneService.js';

const tags = ['zones'];

/**
 * A zone's body: 50,000 vertices written at full precision are about 2 MB of JSON, above the
 * server's 1 MiB default; 8 MiB lets an outline over the vertex limit reach the rule that names it.
 */
export const ZONE_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * Stored but asked again on every use (answered 304 while unchanged): a visitor who confirmed a
 * pre-registration and opens the map again must see the count move, not a copy kept for seconds.
 */
const PUBLIC_CACHE_CONTROL = 'public, no-cache';

/** GET /api/zones (public): the active zones with their progress, for the public map. */
export function publicZoneRoutes(zones: ZoneService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/zones',
      {
        schema: {
          tags,
          summary: 'Active pre-registration zones with their goal and confirmed count (GeoJSON geometry, [lng, lat])',
          response: { 200: envelopeOf(z.array(publicZone)) },
        },
        // An ETag of the answer's bytes: a map that asks again gets 304 while no zone or count moved.
        onSend: async (request, reply, payload) => {
          if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
          const etag = `"zones-${createHash('sha256').update(payload).digest('base64url').slice(0, 22)}"`;
          reply.header('ETag', etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
          if (request.headers['if-none-match'] !== etag) return payload;
          // The response schema types only 200; a 304 carries no body for it to describe.
          (reply as FastifyReply).code(304);
          return '';
        },
      },
      async () => ({ success: true as const, data: await zones.listPublic() }),
    );
  };
}

/** /api/zones/* (admin scope): every zone, create, update, delete, and an outline read from a file. */
export function zoneRoutes(zones: ZoneService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/zones/all', { schema: { tags, summary: 'Every zone, active or not, by name', response: { 200: envelopeOf(z.array(adminZone)) } } }, async () => ({
      success: true as const,
      data: await zones.listAll(),
    }));

    app.post(
      '/zones',
      {
        bodyLimit: ZONE_BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: 'Add a zone (its outline at most 50,000 vertices, not crossing itself)',
          body: zoneInput,
          response: { 200: envelopeOf(adminZone), 400: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Zone added', data: await zones.create(request.body) }),
    );

    app.put(
      '/zones/:id',
      {
        bodyLimit: ZONE_BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: 'Change a zone (fields left out stay as they are)',
          params: zoneIdParams,
          body: zoneUpdate,
          response: { 200: envelopeOf(adminZone), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Zone saved', data: await zones.update(request.params.id, request.body) }),
    );

    app.delete(
      '/zones/:id',
      {
        schema: {
          tags,
          summary: 'Delete a zone and its pre-registrations',
          params: zoneIdParams,
          response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await zones.delete(request.params.id);
        return { success: true as const, message: 'Zone deleted' };
      },
    );

    app.post(
      '/zones/geometry-from-file',
      {
        config: multipartDocs({ fileField: 'file' }),
        schema: {
          tags,
          summary: 'Read a zone outline from a file (multipart "file": KML, KMZ or GeoJSON, told apart by content, up to 10 MB): a MultiPolygon, not saved',
          response: { 200: envelopeOf(zoneGeometryFromFile), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, { fileField: 'file', maxFileBytes: ZONE_FILE_MAX_BYTES, tooLargeMessage: ZONE_FILE_TOO_LARGE_MESSAGE });
        if (!form.file) throw new ValidationError(ZONE_FILE_REQUIRED_MESSAGE);
        return { success: true as const, data: await zones.geometryFromFile({ fileName: form.file.filename, bytes: form.file.bytes }) };
      },
    );
  };
}
