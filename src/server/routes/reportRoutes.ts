import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import {
  dashboardData,
  leadActivityReport,
  leadIdParams,
  leadsQuery,
  leadsReport,
  leadUpdate,
  mapDataQuery,
  mapDataReport,
  periodQuery,
  providersQuery,
  providersReport,
  reportLead,
  searchesQuery,
  searchesReport,
} from '../../common/api/reports.js';
import { leadInstallRequest } from '../../common/api/measurements.js';
import { type ProviderScope, providerScopeOf } from '../access/providerScope.js';
import { adminOf } from '../auth/requireAdmin.js';
import type { LeadService } from '../leads/leadService.js';
import type { MeasurementService } from '../measurements/measurementService.js';
import type { CsvExport, ReportService } from '../reports/reportService.js';

export interface ReportRouteDeps {
  reports: ReportService;
  leads: LeadService;
  measurements: MeasurementService;
}

const tags = ['reports'];

/** Sends a CSV download (a report with ?format=csv) as it is produced. */
function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(csv.body, { highWaterMark: 1 }));
}

/** The signed-in user's providers (a provider editor's), which every report and lead answer keeps to. */
function scopeOf(request: FastifyRequest): ProviderScope {
  return providerScopeOf(adminOf(request));
}

/** /api/reports/* and /api/leads/{id} (admin scope): dashboard, reports with CSV exports, the leads inbox. */
export function reportRoutes(deps: ReportRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/reports/dashboard',
      {
        schema: {
          tags,
          summary: 'Dashboard data of a period (default the last 30 days)',
          querystring: periodQuery,
          response: { 200: envelopeOf(dashboardData), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.reports.dashboard(request.query, scopeOf(request)) }),
    );

    app.get(
      '/reports/searches',
      {
        schema: {
          tags,
          summary: 'Searches per day and by type; ?format=csv: every search of the period',
          querystring: searchesQuery,
          response: { 200: envelopeOf(searchesReport), 400: errorEnvelope },
        },
      },
      async (request, reply) => {
        if (request.query.format === 'csv') return sendCsv(reply, deps.reports.searchesCsv(request.query, scopeOf(request)));
        return { success: true as const, data: await deps.reports.searches(request.query, scopeOf(request)) };
      },
    );

    app.get(
      '/reports/leads',
      {
        schema: {
          tags,
          summary: 'Leads, newest first, filtered and a page at a time; ?format=csv: all that match',
          querystring: leadsQuery,
          response: { 200: envelopeOf(leadsReport), 400: errorEnvelope },
        },
      },
      async (request, reply) => {
        if (request.query.format === 'csv') return sendCsv(reply, deps.reports.leadsCsv(request.query, scopeOf(request)));
        return { success: true as const, data: await deps.reports.leads(request.query, scopeOf(request)) };
      },
    );

    app.get(
      '/reports/lead_activity',
      {
        schema: {
          tags,
          summary: 'Leads per day and type, by type and by provider',
          querystring: periodQuery,
          response: { 200: envelopeOf(leadActivityReport), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.reports.leadActivity(request.query, scopeOf(request)) }),
    );

    app.get(
      '/reports/map_data',
      {
        schema: {
          tags,
          summary: 'Searches on a grid fitted to the zoom, for the demand map',
          querystring: mapDataQuery,
          response: { 200: envelopeOf(mapDataReport), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.reports.mapData(request.query, scopeOf(request)) }),
    );

    app.get(
      '/reports/providers',
      {
        schema: {
          tags,
          summary: 'Per provider: searches where it appeared, leads, conversion; ?format=csv',
          querystring: providersQuery,
          response: { 200: envelopeOf(providersReport), 400: errorEnvelope },
        },
      },
      async (request, reply) => {
        if (request.query.format === 'csv') return sendCsv(reply, await deps.reports.providersCsv(request.query, scopeOf(request)));
        return { success: true as const, data: await deps.reports.providers(request.query, scopeOf(request)) };
      },
    );

    app.get(
      '/leads/:id',
      {
        schema: {
          tags: ['leads'],
          summary: 'One lead, with the search it came from',
          params: leadIdParams,
          response: { 200: envelopeOf(reportLead), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await deps.reports.lead(request.params.id, scopeOf(request)) }),
    );

    app.patch(
      '/leads/:id',
      {
        schema: {
          tags: ['leads'],
          summary: "An admin's status and notes of a lead",
          params: leadIdParams,
          body: leadUpdate,
          response: { 200: envelopeOf(reportLead), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        const scope = scopeOf(request);
        await deps.leads.updateLead(request.params.id, request.body, scope);
        return { success: true as const, message: 'Lead updated', data: await deps.reports.lead(request.params.id, scope) };
      },
    );

    app.post(
      '/leads/:id/install',
      {
        schema: {
          tags: ['leads'],
          summary:
            "Record a lead's install (the signal measured, or failed for want of signal) as a measurement at the lead's spot, in place of the lead's earlier one; the lead becomes converted or closed. 409, nothing changed, when the measurements stored are at their most",
          params: leadIdParams,
          body: leadInstallRequest,
          response: { 200: envelopeOf(reportLead), 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => {
        await deps.measurements.installLead(request.params.id, request.body);
        const message = request.body.outcome === 'installed' ? 'Install recorded' : 'Failed install recorded';
        return { success: true as const, message, data: await deps.reports.lead(request.params.id, scopeOf(request)) };
      },
    );
  };
}
