import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { wirelessFeasibility } from '../../common/api/coverage.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { losCheckQuery, losPointQuery, losResult, losTowerResult } from '../../common/api/lineOfSight.js';
import { towerIdParams } from '../../common/api/towers.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import type { LineOfSightService } from '../line-of-sight/lineOfSightService.js';

const tags = ['line of sight'];
const security = [{ bearerAuth: [] }];
const MINUTE_MS = 60_000;

export interface LineOfSightRouteDeps {
  auth: AuthService;
  lineOfSight: LineOfSightService;
  /**
   * Public feasibility checks per client address and minute (SEARCH_RATE_LIMIT_PER_MINUTE, as
   * address searches): each walks the terrain to every tower in range, about 11 health checks'
   * worth of work with 50 towers.
   */
  searchesPerMinute: number;
}

/** SPEC.md section 7 (Line of sight), admin only; and the public wireless feasibility of a point. */
export function lineOfSightRoutes(deps: LineOfSightRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    app.get(
      '/line-of-sight/check',
      { onRequest: admin, schema: { tags, security, summary: 'Line of sight from the active towers (or tower_ids) to a point', querystring: losCheckQuery, response: { 200: envelopeOf(losResult), 400: errorEnvelope, 401: errorEnvelope } } },
      async (request) => {
        const { lat, lng, height, tower_ids: towerIds } = request.query;
        return { success: true as const, data: await deps.lineOfSight.check({ lat, lng }, height, towerIds) };
      },
    );

    app.get(
      '/line-of-sight/optimal',
      { onRequest: admin, schema: { tags, security, summary: 'The best tower for a point: clear line of sight and the strongest signal', querystring: losPointQuery, response: { 200: envelopeOf(losResult), 400: errorEnvelope, 401: errorEnvelope } } },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await deps.lineOfSight.optimal({ lat, lng }, height) };
      },
    );

    app.get(
      '/line-of-sight/tower/:id',
      { onRequest: admin, schema: { tags, security, summary: 'Line of sight from one tower to a point', params: towerIdParams, querystring: losPointQuery, response: { 200: envelopeOf(losTowerResult), 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope } } },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await deps.lineOfSight.forTower(request.params.id, { lat, lng }, height) };
      },
    );

    app.get(
      '/wireless_feasibility',
      {
        config: { rateLimit: { max: deps.searchesPerMinute, timeWindow: MINUTE_MS } },
        schema: { tags, summary: 'Whether wireless service reaches a point (public)', querystring: losPointQuery, response: { 200: envelopeOf(wirelessFeasibility), 400: errorEnvelope, 429: errorEnvelope } },
      },
      async (request) => {
        const { lat, lng, height } = request.query;
        return { success: true as const, data: await deps.lineOfSight.feasibility({ lat, lng }, height) };
      },
    );
  };
}
