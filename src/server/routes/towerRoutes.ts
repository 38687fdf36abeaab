import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Feature, FeatureCollection, MultiPolygon } from 'geojson';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { candidateTowerInput, footprintExportQuery, towerFootprintState, whatIfResult } from '../../common/api/footprints.js';
import {
  BULK_IMPORT_MAX_TOWERS,
  bulkImportRequest,
  bulkImportResult,
  tower,
  towerIdParams,
  towerInput,
  towersImportedMessage,
  towerUpdate,
} from '../../common/api/towers.js';
import { sector, sectorInput, sectorParams, sectorUpdate } from '../../common/api/sectors.js';
import { SIGNAL_BAND_COLORS } from '../../common/signalBands.js';
import { bandAreasOf, writeBandAreasKml } from '../../geo/kml/index.js';
import { providerScopeOf } from '../access/providerScope.js';
import { adminOf } from '../auth/requireAdmin.js';
import { NotFoundError } from '../errors.js';
import { footprintFileName } from '../footprints/footprintFileName.js';
import type { FootprintService } from '../footprints/footprintService.js';
import { clientClosedSignal } from '../http/clientClosed.js';
import type { SectorService } from '../towers/sectorService.js';
import type { TowerService } from '../towers/towerService.js';

export interface TowerRouteDeps {
  towers: TowerService;
  sectors: SectorService;
  footprints: FootprintService;
}

/**
 * JSON bytes allowed per bulk-imported row. A row at every text limit (name 200, code 50,
 * description 2,000 characters) is about 2.5 KB of ASCII JSON; 4 KiB leaves room for non-ASCII
 * text and formatting.
 */
const BULK_IMPORT_ROW_BYTES = 4 * 1024;
/** The bulk-import body: BULK_IMPORT_MAX_TOWERS rows plus the envelope (about 20 MiB). */
export const BULK_IMPORT_BODY_LIMIT_BYTES = BULK_IMPORT_MAX_TOWERS * BULK_IMPORT_ROW_BYTES + 64 * 1024;

const tags = ['towers'];

/**
 * /api/towers/* (admin scope): list, get, create, update, delete and bulk import; a tower's sectors;
 * the predicted footprints' states and exports, and the What if candidate. A provider editor
 * reaches only their providers' towers, their sectors and footprints (another's is not found).
 */
export function towerRoutes(deps: TowerRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/towers',
      { schema: { tags, summary: "All towers, by name (a provider editor's own)", response: { 200: envelopeOf(z.array(tower)) } } },
      async (request) => ({ success: true as const, data: await deps.towers.list(providerScopeOf(adminOf(request))) }),
    );

    app.get(
      '/towers/:id',
      {
        schema: {
          tags,
          summary: 'One tower with its sectors',
          params: towerIdParams,
          response: { 200: envelopeOf(tower), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.towers.get(request.params.id, providerScopeOf(adminOf(request))) }),
    );

    app.post(
      '/towers/:id/sectors',
      {
        schema: {
          tags,
          summary: "Add a sector (at most 12 a tower; frequency and power left out are the tower's)",
          params: towerIdParams,
          body: sectorInput,
          response: { 200: envelopeOf(sector), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Sector added successfully',
        data: await deps.sectors.add(request.params.id, request.body, providerScopeOf(adminOf(request))),
      }),
    );

    app.put(
      '/towers/:id/sectors/:sectorId',
      {
        schema: {
          tags,
          summary: "Update a sector (absent fields are kept; height_m null is the tower's height again)",
          params: sectorParams,
          body: sectorUpdate,
          response: { 200: envelopeOf(sector), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Sector updated successfully',
        data: await deps.sectors.update(request.params.id, request.params.sectorId, request.body, providerScopeOf(adminOf(request))),
      }),
    );

    app.delete(
      '/towers/:id/sectors/:sectorId',
      { schema: { tags, summary: 'Delete a sector', params: sectorParams, response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.sectors.delete(request.params.id, request.params.sectorId, providerScopeOf(adminOf(request)));
        return { success: true as const, message: 'Sector deleted successfully' };
      },
    );

    app.post(
      '/towers',
      { schema: { tags, summary: 'Create (SPEC defaults for absent fields)', body: towerInput, response: { 200: envelopeOf(tower), 400: errorEnvelope } } },
      async (request) => ({
        success: true as const,
        message: 'Tower created successfully',
        data: await deps.towers.create(request.body, providerScopeOf(adminOf(request))),
      }),
    );

    app.put(
      '/towers/:id',
      {
        schema: {
          tags,
          summary: 'Update (absent fields are kept)',
          params: towerIdParams,
          body: towerUpdate,
          response: { 200: envelopeOf(tower), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Tower updated successfully',
        data: await deps.towers.update(request.params.id, request.body, providerScopeOf(adminOf(request))),
      }),
    );

    app.delete(
      '/towers/:id',
      { schema: { tags, params: towerIdParams, response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.towers.delete(request.params.id, providerScopeOf(adminOf(request)));
        return { success: true as const, message: 'Tower deleted successfully' };
      },
    );

    app.post(
      '/towers/bulk-import',
      {
        bodyLimit: BULK_IMPORT_BODY_LIMIT_BYTES,
        schema: {
          tags,
          summary: `Import up to ${BULK_IMPORT_MAX_TOWERS} towers: valid rows are stored in one transaction, invalid rows are reported`,
          body: bulkImportRequest,
          response: { 200: envelopeOf(bulkImportResult), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const result = await deps.towers.bulkImport(request.body.towers);
        return { success: true as const, message: towersImportedMessage(result.imported_count), data: result };
      },
    );

    app.get(
      '/towers/footprints',
      {
        schema: {
          tags,
          summary: 'Where each tower footprint stands: queued, computing (with progress), ready or failed',
          response: { 200: envelopeOf(z.array(towerFootprintState)) },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await deps.footprints.states(providerScopeOf(adminOf(request)))).map((state) => ({
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
        schema: {
          tags,
          summary: 'The footprint a candidate tower would have, and how many logged searches without coverage it would reach (nothing is stored)',
          body: candidateTowerInput,
          response: { 200: envelopeOf(whatIfResult), 400: errorEnvelope, 429: errorEnvelope },
        },
      },
      // An admin who left (closed the tab, navigated away) takes the run out of the queue, or stops it.
      async (request, reply) => ({ success: true as const, data: await deps.footprints.whatIf(request.body, clientClosedSignal(reply)) }),
    );

    app.get(
      '/towers/:id/footprint',
      {
        schema: {
          tags,
          summary: "The tower's predicted footprint as GeoJSON or KML (band areas, weakest first)",
          params: towerIdParams,
          querystring: footprintExportQuery,
        },
      },
      async (request, reply) => {
        // The tower first: one outside the scope is not found, whether it has a footprint or not.
        const tower = await deps.towers.get(request.params.id, providerScopeOf(adminOf(request)));
        const stored = await deps.footprints.latest(request.params.id);
        if (!stored) throw new NotFoundError('This tower has no footprint yet: it is computed a few seconds after the tower is saved');
        const format = request.query.format;
        // footprintFileName keeps to letters, digits and hyphens: nothing to quote or encode.
        reply.header('Content-Disposition', `attachment; filename="${footprintFileName(tower, format)}"`);
        if (format === 'kml') {
          const collection = JSON.parse(stored.areasJson) as FeatureCollection<MultiPolygon, { band: string }>;
          const kml = writeBandAreasKml(
            `${tower.name} predicted footprint`,
            bandAreasOf(collection.features as Feature<MultiPolygon, { band: string }>[], SIGNAL_BAND_COLORS),
          );
          return reply.type('application/vnd.google-earth.kml+xml').send(kml);
        }
        return reply.type('application/geo+json').send(stored.areasJson);
      },
    );
  };
}
