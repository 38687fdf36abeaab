import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { z } from 'zod';
import { coverageTileParams } from '../../common/api/coverage.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { candidateTowerInput, footprintExportQuery, towerFootprintState, whatIfResult } from '../../common/api/footprints.js';
import { towerIdParams } from '../../common/api/towers.js';
import { SIGNAL_BAND_COLORS } from '../../common/signalBands.js';
import { bandAreasOf, writeBandAreasKml } from '../../geo/kml/index.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import { NotFoundError } from '../errors.js';
import { clientClosedSignal } from '../http/clientClosed.js';
import type { FootprintService } from '../footprints/footprintService.js';

const security = [{ bearerAuth: [] }];

/** Predicted footprints: their states and exports (admin), and the public wireless overlay's tiles. */
export function footprintRoutes(deps: { auth: AuthService; footprints: FootprintService }): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    app.get(
      '/towers/footprints',
      { onRequest: admin, schema: { tags: ['towers'], security, summary: 'Where each tower footprint stands: computing (with progress), ready or failed', response: { 200: envelopeOf(z.array(towerFootprintState)), 401: errorEnvelope } } },
      async () => ({
        success: true as const,
        data: (await deps.footprints.states()).map((state) => ({
          tower_id: state.towerId,
          status: state.status,
          progress: state.progress,
          error: state.error,
          terrain_source: state.terrainSource,
          computed_ms: state.computedMs,
          updated_at: state.updatedAt,
        })),
      }),
    );

    app.post(
      '/towers/what-if',
      {
        onRequest: admin,
        schema: {
          tags: ['towers'],
          security,
          summary: 'The footprint a candidate tower would have, and how many logged searches without coverage it would reach (nothing is stored)',
          body: candidateTowerInput,
          response: { 200: envelopeOf(whatIfResult), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
        },
      },
      // An admin who left (closed the tab, navigated away) takes the run out of the queue, or stops it.
      async (request, reply) => ({ success: true as const, data: await deps.footprints.whatIf(request.body, clientClosedSignal(reply)) }),
    );

    app.get(
      '/towers/:id/footprint',
      {
        onRequest: admin,
        schema: { tags: ['towers'], security, summary: "The tower's predicted footprint as GeoJSON or KML (band areas, weakest first)", params: towerIdParams, querystring: footprintExportQuery },
      },
      async (request, reply) => {
        const stored = await deps.footprints.latest(request.params.id);
        if (!stored) throw new NotFoundError('This tower has no footprint yet: it is computed a few seconds after the tower is saved');
        const collection = JSON.parse(stored.areasJson) as FeatureCollection<MultiPolygon, { band: string }>;
        const name = `tower-${request.params.id}-footprint`;
        if (request.query.format === 'kml') {
          const kml = writeBandAreasKml(`Tower ${request.params.id} predicted footprint`, bandAreasOf(collection.features as Feature<MultiPolygon, { band: string }>[], SIGNAL_BAND_COLORS));
          return reply.header('Content-Disposition', `attachment; filename="${name}.kml"`).type('application/vnd.google-earth.kml+xml').send(kml);
        }
        return reply.header('Content-Disposition', `attachment; filename="${name}.geojson"`).type('application/geo+json').send(stored.areasJson);
      },
    );

    app.get(
      '/wireless_tiles/:z/:x/:y.pbf',
      { schema: { tags: ['coverage'], summary: 'Predicted wireless coverage as Mapbox Vector Tiles (layer "wireless": band, rank, tower_id)', params: coverageTileParams } },
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
  };
}
