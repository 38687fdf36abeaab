import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { mapStartSetting, mapStartSettings } from '../../common/api/mapStart.js';
import type { MapStartService } from '../map-start/mapStartService.js';

const tags = ['settings'];

/** /api/settings/public-map (admin scope): where the public map, the widget and /embed open (answered to everyone in GET /api/config). */
export function mapStartRoutes(mapStart: MapStartService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/public-map',
      {
        schema: {
          tags,
          summary: 'Where the public map opens: fit to the coverage, or a fixed centre and zoom; with the view that gives now',
          response: { 200: envelopeOf(mapStartSettings) },
        },
      },
      async () => ({ success: true as const, data: await mapStart.get() }),
    );

    app.put(
      '/settings/public-map',
      {
        schema: {
          tags,
          summary: 'Choose where the public map, the widget and the embed open',
          body: mapStartSetting,
          response: { 200: envelopeOf(mapStartSettings), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Public map start saved', data: await mapStart.save(request.body) }),
    );
  };
}
