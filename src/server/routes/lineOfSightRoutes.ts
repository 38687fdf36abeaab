import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { losCheckQuery, losPointQuery, losResult, losTowerResult } from '../../common/api/lineOfSight.js';
import { towerIdParams } from '../../common/api/towers.js';
import type { LineOfSightService } from '../line-of-sight/lineOfSightService.js';

const tags = ['line of sight'];

/** /api/line-of-sight/* (admin scope). */
export function lineOfSightRoutes(lineOfSight: LineOfSightService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/line-of-sight/check',
      {
        schema: {
          tags,
          summary: 'Line of sight from the active towers (or tower_ids) to a point',
          querystring: losCheckQuery,
          response: { 200: envelopeOf(losResult), 400: errorEnvelope },
        },
      },
      async (request) => {
        const { lat, lng, height, tower_ids: towerIds } = request.query;
        return { success: true as const, data: await lineOfSight.check({ lat, lng }, height, towerIds) };
      },
    );

    app.get(
      '/line-of-sight/optimal',
      {
        schema: {
          tags,
          summary: 'The best tower for a point: clear line of sight and the strongest signal',
          querystring: losPointQuery,
          response: { 200: envelopeOf(losResult), 400: errorEnvelope },
        },
      },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await lineOfSight.optimal({ lat, lng }, height) };
      },
    );

    app.get(
      '/line-of-sight/tower/:id',
      {
        schema: {
          tags,
          summary: 'Line of sight from one tower to a point',
          params: towerIdParams,
          querystring: losPointQuery,
          response: { 200: envelopeOf(losTowerResult), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await lineOfSight.forTower(request.params.id, { lat, lng }, height) };
      },
    );
  };
}
