import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverageCheckQuery, coverageCheckResult, coverageTileParams } from '../../common/api/coverage.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { CoverageEngine } from '../coverage/coverageEngine.js';

const tags = ['coverage'];

/** Public coverage reads: the point check, the overlay as GeoJSON, and the overlay as vector tiles. */
export function coverageRoutes(engine: CoverageEngine): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/check_coverage',
      {
        schema: {
          tags,
          summary: 'Which providers cover a point',
          querystring: coverageCheckQuery,
          response: { 200: envelopeOf(coverageCheckResult), 400: errorEnvelope },
        },
      },
      async (request) => {
        const { lat, lng, address } = request.query;
        return { success: true as const, data: await engine.check(lat, lng, address) };
      },
    );

    app.get('/coverage_map', { schema: { tags, summary: 'All live coverage polygons as GeoJSON' } }, async (_request, reply) =>
      // The FeatureCollection is kept as text per revision; wrapping it avoids re-serialising megabytes.
      reply.header('Cache-Control', 'no-cache').type('application/json').send(`{"success":true,"data":${engine.coverageMapText()}}`),
    );

    app.get(
      '/coverage_tiles/:z/:x/:y.pbf',
      { schema: { tags, summary: 'Coverage as Mapbox Vector Tiles (layer "coverage")', params: coverageTileParams } },
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
