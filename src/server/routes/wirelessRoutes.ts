import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { coverageTileParams, wirelessFeasibility } from '../../common/api/coverage.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { losPointQuery } from '../../common/api/lineOfSight.js';
import type { FootprintService } from '../footprints/footprintService.js';
import type { LineOfSightService } from '../line-of-sight/lineOfSightService.js';

const MINUTE_MS = 60_000;

export interface WirelessRouteDeps {
  footprints: FootprintService;
  lineOfSight: LineOfSightService;
  /**
   * Public feasibility checks per client address and minute (SEARCH_RATE_LIMIT_PER_MINUTE, as
   * address searches): each walks the terrain to every tower in range, about 11 health checks'
   * worth of work with 50 towers.
   */
  searchesPerMinute: number;
}

/** The public map's wireless reads: the predicted overlay's tiles and the feasibility of a point. */
export function wirelessRoutes(deps: WirelessRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wireless_tiles/:z/:x/:y.pbf',
      {
        schema: {
          tags: ['coverage'],
          summary: 'Predicted wireless coverage as Mapbox Vector Tiles (layer "wireless": band, rank, tower_id)',
          params: coverageTileParams,
        },
      },
      async (request, reply) => {
        const { z: zoom, x, y } = request.params;
        const { version, bytes } = await deps.footprints.tile(zoom, x, y);
        const etag = `"wl-${version}-${zoom}-${x}-${y}"`;
        reply.header('ETag', etag).header('Cache-Control', 'no-cache');
        if (request.headers['if-none-match'] === etag) return reply.status(304).send();
        if (!bytes) return reply.status(204).send();
        return reply.type('application/vnd.mapbox-vector-tile').send(Buffer.from(bytes));
      },
    );

    app.get(
      '/wireless_feasibility',
      {
        config: { rateLimit: { max: deps.searchesPerMinute, timeWindow: MINUTE_MS } },
        schema: {
          tags: ['line of sight'],
          summary: 'Whether wireless service reaches a point (public)',
          querystring: losPointQuery,
          response: { 200: envelopeOf(wirelessFeasibility), 400: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await deps.lineOfSight.feasibility({ lat, lng }, height) };
      },
    );
  };
}
