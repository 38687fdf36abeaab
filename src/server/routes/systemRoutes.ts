import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../common/api/envelope.js';
import type { StartView } from '../../common/api/mapStart.js';
import { type BrowserMapConfig, publicConfig } from '../../common/api/publicConfig.js';
import type { Db } from '../db/database.js';

/** How long health waits for the database's answer before calling it unreachable. */
const HEALTH_DATABASE_WAIT_MS = 500;

const health = z.object({
  /** degraded: the process serves (coverage checks answer from memory) but its database does not answer. */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unreachable']),
  dialect: z.enum(['sqlite', 'postgres']),
});

/**
 * GET /api/health (the process answers; whether its database does) and GET /api/config (what the
 * browser needs to draw maps: the configured basemaps, and where the public maps open now).
 */
export function systemRoutes(db: Db, browserConfig: BrowserMapConfig, startView: () => Promise<StartView | null>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness, and whether the database is reachable (answers within a second either way)',
          response: { 200: envelopeOf(health) },
        },
      },
      async (request) => {
        const database = await db.reachability(HEALTH_DATABASE_WAIT_MS);
        if (database === 'unreachable') request.log.warn('health check: database unreachable');
        return { success: true as const, data: { status: database === 'ok' ? ('ok' as const) : ('degraded' as const), database, dialect: db.dialect } };
      },
    );

    app.get(
      '/config',
      { schema: { tags: ['system'], summary: 'Public runtime settings for the web app', response: { 200: envelopeOf(publicConfig) } } },
      async () => ({ success: true as const, data: { ...browserConfig, start_view: await startView() } }),
    );
  };
}
