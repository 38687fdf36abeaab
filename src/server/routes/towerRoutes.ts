import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { BULK_IMPORT_MAX_TOWERS, bulkImportRequest, bulkImportResult, tower, towerIdParams, towerInput, towerUpdate } from '../../common/api/towers.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import type { TowerService } from '../towers/towerService.js';

export interface TowerRouteDeps {
  auth: AuthService;
  towers: TowerService;
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
const security = [{ bearerAuth: [] }];

/** Towers (SPEC.md section 7): admin list, create, update, delete and bulk import. */
export function towerRoutes(deps: TowerRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    app.get(
      '/towers',
      { onRequest: admin, schema: { tags, security, summary: 'All towers, by name', response: { 200: envelopeOf(z.array(tower)), 401: errorEnvelope } } },
      async () => ({ success: true as const, data: await deps.towers.list() }),
    );

    app.post(
      '/towers',
      { onRequest: admin, schema: { tags, security, summary: 'Create (SPEC defaults for absent fields)', body: towerInput, response: { 200: envelopeOf(tower), 400: errorEnvelope, 401: errorEnvelope } } },
      async (request) => ({ success: true as const, message: 'Tower created successfully', data: await deps.towers.create(request.body) }),
    );

    app.put(
      '/towers/:id',
      {
        onRequest: admin,
        schema: { tags, security, summary: 'Update (absent fields are kept)', params: towerIdParams, body: towerUpdate, response: { 200: envelopeOf(tower), 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope } },
      },
      async (request) => ({ success: true as const, message: 'Tower updated successfully', data: await deps.towers.update(request.params.id, request.body) }),
    );

    app.delete(
      '/towers/:id',
      { onRequest: admin, schema: { tags, security, params: towerIdParams, response: { 200: messageEnvelope, 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.towers.delete(request.params.id);
        return { success: true as const, message: 'Tower deleted successfully' };
      },
    );

    app.post(
      '/towers/bulk-import',
      {
        onRequest: admin,
        bodyLimit: BULK_IMPORT_BODY_LIMIT_BYTES,
        schema: {
          tags,
          security,
          summary: `Import up to ${BULK_IMPORT_MAX_TOWERS} towers: valid rows are stored in one transaction, invalid rows are reported`,
          body: bulkImportRequest,
          response: { 200: envelopeOf(bulkImportResult), 400: errorEnvelope, 401: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const result = await deps.towers.bulkImport(request.body.towers);
        return { success: true as const, message: `Imported ${result.imported_count} towers successfully`, data: result };
      },
    );
  };
}
