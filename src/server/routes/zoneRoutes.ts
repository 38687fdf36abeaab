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
import type { ZoneListVersion } from '../zones/zoneListVersion.js';
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
/**
 * How long this process answers the public list it built without reading the database again,
 * unless a zone write or a confirmation here moved the ZoneListVersion first; another process's
 * writes are seen within this time.
 */
export const BUILT_LIST_KEPT_MS = 5_000;

/** The public list's body as sent, its ETag, and the version and time (performance.now(), ms) it was built at. */
interface BuiltList {
  body: string;
  etag: string;
  version: number;
  builtAt: number;
}

/**
 * GET /api/zones (public): the active zones with their progress, for the public map. Building the
 * answer reads and parses every outline, so the body and its ETag are kept (see BUILT_LIST_KEPT_MS)
 * and If-None-Match is compared with the kept ETag before anything is built.
 */
export function publicZoneRoutes(zones: ZoneService, listVersion: ZoneListVersion): FastifyPluginAsyncZod {
  return async (app) => {
    let built: BuiltList | undefined;
    // Requests that arrive while the list of the current version is built wait for that one build.
    let building: { version: number; list: Promise<BuiltList> } | undefined;

    const fresh = (list: BuiltList): boolean => list.version === listVersion.current && performance.now() - list.builtAt < BUILT_LIST_KEPT_MS;

    async function build(version: number): Promise<BuiltList> {
      const builtAt = performance.now();
      const body = JSON.stringify({ success: true, data: await zones.listPublic() });
      const etag = `"zones-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
      return { body, etag, version, builtAt };
    }

    async function currentList(): Promise<BuiltList> {
      if (built && fresh(built)) return built;
      // The version is read before the database: a write during the build moves it, and the list is built again next time.
      const version = listVersion.current;
      if (building?.version !== version) {
        const pending = { version, list: build(version) };
        building = pending;
        pending.list.then(
          () => (building = building === pending ? undefined : building),
          () => (building = building === pending ? undefined : building),
        );
      }
      const list = await building.list;
      if (!built || list.builtAt >= built.builtAt) built = list;
      return list;
    }

    app.get(
      '/zones',
      {
        schema: {
          tags,
          summary: 'Active pre-registration zones with their goal and confirmed count (GeoJSON geometry, [lng, lat])',
          response: { 200: envelopeOf(z.array(publicZone)) },
        },
      },
      async (request, reply) => {
        const list = await currentList();
        // The response schema types only the list; the body is sent as built (its text is what the ETag names), and a 304 carries none.
        const raw = reply as FastifyReply;
        raw.header('ETag', list.etag).header('Cache-Control', PUBLIC_CACHE_CONTROL);
        if (request.headers['if-none-match'] === list.etag) return raw.code(304).send();
        return raw.type('application/json; charset=utf-8').send(list.body);
      },
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
          summary: 'Change a zone (fields left out stay as they are; a zone with pre-registrations keeps its provider)',
          params: zoneIdParams,
          body: zoneUpdate,
          response: { 200: envelopeOf(adminZone), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
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
