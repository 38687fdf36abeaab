import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { publicConfig, type PublicConfig } from '../../common/api/publicConfig.js';
import type { Db } from '../db/database.js';
import { UnavailableError } from '../errors.js';

const health = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

/** GET /api/health (database reachable) and GET /api/config (what the browser needs to draw maps). */
export function systemRoutes(db: Db, browserConfig: PublicConfig): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { tags: ['system'], summary: 'Liveness and database reachability', response: { 200: envelopeOf(health), 503: errorEnvelope } } },
      async (request) => {
        await db.ping().catch((error: unknown) => {
          request.log.error({ err: error }, 'health check: database unreachable');
          throw new UnavailableError('Database unreachable');
        });
        return { success: true as const, data: { status: 'ok' as const, database: db.dialect } };
      },
    );

    app.get(
      '/config',
      { schema: { tags: ['system'], summary: 'Public runtime settings for the web app', response: { 200: envelopeOf(publicConfig) } } },
      async () => ({ success: true as const, data: browserConfig }),
    );
  };
}
