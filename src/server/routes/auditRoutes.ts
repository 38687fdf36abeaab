import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditFacets, auditFilters, auditListQuery, auditPage } from '../../common/api/audit.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { AuditLog } from '../audit-log/auditLog.js';

const tags = ['audit'];

/** Sends a CSV download as it is produced. */
function sendCsv(reply: FastifyReply, csv: { fileName: string; body: AsyncGenerator<string> }): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(csv.body, { highWaterMark: 1 }));
}

/** /api/audit/* (admin scope): the audit log, read only. No route edits or deletes an entry; the retention prunes them. */
export function auditRoutes(auditLog: AuditLog): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/audit',
      {
        schema: {
          tags,
          summary: 'Audit entries, newest first, filtered and a page at a time',
          querystring: auditListQuery,
          response: { 200: envelopeOf(auditPage), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await auditLog.list(request.query) }),
    );

    app.get(
      '/audit/export',
      { schema: { tags, summary: 'Audit entries matching the filters as CSV (newest 100,000)', querystring: auditFilters, response: { 400: errorEnvelope } } },
      async (request, reply) => sendCsv(reply, auditLog.exportCsv(request.query)),
    );

    app.get(
      '/audit/facets',
      { schema: { tags, summary: "The actors, entities and actions in the log (the filters' choices)", response: { 200: envelopeOf(auditFacets) } } },
      async () => ({ success: true as const, data: await auditLog.facets() }),
    );
  };
}
