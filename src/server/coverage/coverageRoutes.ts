import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageCheckResult } from '../../common/api/coverage.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { CoverageEngine } from './coverageEngine.js';

/** SPEC.md section 7: lat and lng are omitted when 0, so "missing" is distinguished from "bad". */
/** An empty parameter is a missing one, not zero. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const checkQuery = z.object({
  lat: z.preprocess(blankAsMissing, z.coerce.number({ error: 'lat must be a number' }).min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90').optional()),
  lng: z.preprocess(blankAsMissing, z.coerce.number({ error: 'lng must be a number' }).min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180').optional()),
  address: z.string().max(500, 'address must be at most 500 characters').optional(),
});

const tileParams = z
  .object({ z: z.coerce.number().int().min(0).max(22), x: z.coerce.number().int().min(0), y: z.coerce.number().int().min(0) })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'Tile coordinates out of range for the zoom');

const tags = ['coverage'];

/** Public coverage reads: the point check, the overlay as GeoJSON, and the overlay as vector tiles. */
export function coverageRoutes(engine: CoverageEngine): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/check_coverage',
      { schema: { tags, summary: 'Which providers cover a point', querystring: checkQuery, response: { 200: envelopeOf(coverageCheckResult), 400: errorEnvelope } } },
      async (request, reply) => {
        const { lat, lng, address } = request.query;
        if (lat === undefined && lng === undefined) {
          return reply.status(400).send({ success: false, message: 'lat and lng are required' });
        }
        return { success: true as const, data: await engine.check(lat ?? 0, lng ?? 0, address?.trim() || null) };
      },
    );

    app.get('/coverage_map', { schema: { tags, summary: 'All live coverage polygons as GeoJSON' } }, async (_request, reply) =>
      // The FeatureCollection is kept as text per revision; wrapping it avoids re-serialising megabytes.
      reply.header('Cache-Control', 'no-cache').type('application/json').send(`{"success":true,"data":${engine.coverageMapText()}}`),
    );

    app.get(
      '/coverage_tiles/:z/:x/:y.pbf',
      { schema: { tags, summary: 'Coverage as Mapbox Vector Tiles (layer "coverage")', params: tileParams } },
      async (request, reply) => {
        const { z: zoom, x, y } = request.params;
        const { revision, bytes } = engine.tile(zoom, x, y);
        const etag = `"cov-${revision}-${zoom}-${x}-${y}"`;
        reply.header('ETag', etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        if (!bytes) return reply.status(204).send();
        return reply.type('application/vnd.mapbox-vector-tile').send(Buffer.from(bytes));
      },
    );
  };
}
