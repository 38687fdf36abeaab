import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { TERRAIN_TILE_MAX_BYTES, terrainTile, terrainTileParams } from '../../common/api/lineOfSight.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartFormToDisk } from '../http/multipart.js';
import type { TerrainTiles } from '../terrain/terrainTiles.js';

const tags = ['terrain'];

/** /api/terrain/tiles/* (admin scope): the SRTM tiles of the Terrain card of the Line of Sight screen: list, upload, remove. */
export function terrainRoutes(tiles: TerrainTiles): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/terrain/tiles', { schema: { tags, summary: 'The SRTM tiles loaded', response: { 200: envelopeOf(z.array(terrainTile)) } } }, async () => ({
      success: true as const,
      data: await tiles.list(),
    }));

    app.post(
      '/terrain/tiles',
      {
        config: multipartDocs({ fileField: 'file' }),
        schema: {
          tags,
          summary: 'Upload an SRTM tile: multipart field "file", .hgt, .hgt.zip or .hgt.gz, up to 100 MB',
          response: { 200: envelopeOf(terrainTile), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        // The file goes to an owner-only temporary folder as it arrives, never whole in memory.
        const form = await readMultipartFormToDisk(request, {
          fileField: 'file',
          maxFileBytes: TERRAIN_TILE_MAX_BYTES,
          tooLargeMessage: 'A terrain tile upload must be at most 100 MB',
        });
        try {
          if (!form.file) throw new ValidationError('Choose an .hgt, .hgt.zip or .hgt.gz file to upload (field "file")');
          const tile = await tiles.upload(form.file.filename, form.file.path);
          return { success: true as const, message: `Terrain tile ${tile.name} loaded`, data: tile };
        } finally {
          await form.dispose();
        }
      },
    );

    app.delete(
      '/terrain/tiles/:name',
      {
        schema: {
          tags,
          summary: 'Remove an uploaded tile (one in TERRAIN_DIR: 400)',
          params: terrainTileParams,
          response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await tiles.remove(request.params.name);
        return { success: true as const, message: `Terrain tile ${request.params.name.toUpperCase()} removed` };
      },
    );
  };
}
