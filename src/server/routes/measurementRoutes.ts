import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import {
  MEASUREMENT_CSV_COLUMNS,
  MEASUREMENT_IMPORT_MAX_BYTES,
  MEASUREMENT_IMPORT_MAX_ROWS,
  MEASUREMENT_MAX_STORED,
  measurementFilters,
  measurementIdParams,
  measurementImportJson,
  measurementImportRow,
  measurementImportResult,
  measurementListQuery,
  measurementPage,
  measurementPoint,
  measurementReport,
} from '../../common/api/measurements.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';
import { csvRows, jsonRows, type RawMeasurementRow } from '../measurements/measurementImport.js';
import type { CalibrationService } from '../measurements/calibrationService.js';
import type { MeasurementService } from '../measurements/measurementService.js';

const tags = ['measurements'];

const MAX_MEBIBYTES = MEASUREMENT_IMPORT_MAX_BYTES / (1024 * 1024);
const TOO_LARGE_MESSAGE = `The import must be at most ${MAX_MEBIBYTES} MiB`;
const CSV_EXAMPLE = `${MEASUREMENT_CSV_COLUMNS.join(',')}\n-33.93,18.86,6,HILL,North,-61.5,2026-03-01,,survey,\n`;

/** The JSON body as the OpenAPI document shows it: the items are rows (the route checks each itself, to report it by index). */
const IMPORT_JSON_DOCS = z.object({ measurements: z.array(measurementImportRow).max(MEASUREMENT_IMPORT_MAX_ROWS) });

const countText = (count: number, one: string) => `${count.toLocaleString('en-US')} ${one}${count === 1 ? '' : 's'}`;

/** The rows of an import, whichever way it came: a multipart file "file", a text/csv body, or JSON { measurements: [...] }. */
async function importRowsOf(request: FastifyRequest): Promise<RawMeasurementRow[]> {
  if (request.isMultipart()) {
    const form = await readMultipartForm(request, { fileField: 'file', maxFileBytes: MEASUREMENT_IMPORT_MAX_BYTES, tooLargeMessage: TOO_LARGE_MESSAGE });
    if (!form.file) throw new ValidationError('Choose a CSV file to import (form field "file")');
    return csvRows(form.file.bytes.toString('utf8'));
  }
  if (typeof request.body === 'string') return csvRows(request.body);
  const json = measurementImportJson.safeParse(request.body);
  if (!json.success) throw new ValidationError(json.error.issues[0]?.message ?? 'Send { "measurements": [ ... ] }');
  return jsonRows(json.data.measurements);
}

/** /api/measurements/* (admin scope): the measured signals' import, list, map points, export and deletes. */
export function measurementRoutes(measurements: MeasurementService, calibration: Pick<CalibrationService, 'report'>): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this plugin reads CSV bodies (Fastify scopes content-type parsers to the plugin); the route's bodyLimit bounds it.
    app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MEASUREMENT_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

    app.post(
      '/measurements/import',
      {
        bodyLimit: MEASUREMENT_IMPORT_MAX_BYTES,
        config: multipartDocs({ fileField: 'file', alsoJson: IMPORT_JSON_DOCS, alsoText: { contentType: 'text/csv', example: CSV_EXAMPLE } }),
        schema: {
          tags,
          summary: `Import up to ${MEASUREMENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} measured signals (CSV with a header row as a text/csv body or a multipart file "file", or JSON { measurements }, up to ${MAX_MEBIBYTES} MiB): good rows are stored in one transaction, bad rows reported by line and field; 409, nothing stored, when they would take the total stored past ${MEASUREMENT_MAX_STORED.toLocaleString('en-US')}`,
          response: { 200: envelopeOf(measurementImportResult), 400: errorEnvelope, 409: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const result = await measurements.importRows(await importRowsOf(request));
        const message = `Imported ${countText(result.imported_count, 'measurement')}${result.error_count > 0 ? `; ${countText(result.error_count, 'error')}` : ''}`;
        return { success: true as const, message, data: result };
      },
    );

    app.get(
      '/measurements',
      {
        schema: {
          tags,
          summary: 'Measurements, newest measured first, filtered and a page at a time, with the predictions and residuals',
          querystring: measurementListQuery,
          response: { 200: envelopeOf(measurementPage), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await measurements.list(request.query) }),
    );

    app.get(
      '/measurements/report',
      {
        schema: {
          tags,
          summary:
            'The error report: bias, spread and RMSE of the predictions against the measured signals, uncalibrated and calibrated (cross-validated), per sector, distance band and clutter class; the scatter, the serviceable installs and the σ in use',
          response: { 200: envelopeOf(measurementReport) },
        },
      },
      async () => ({ success: true as const, data: await calibration.report() }),
    );

    app.get(
      '/measurements/points',
      {
        schema: {
          tags,
          summary: 'The spots of the newest measurements matching the filters, with their residuals (the residual map)',
          querystring: measurementFilters,
          response: { 200: envelopeOf(z.array(measurementPoint)), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await measurements.points(request.query) }),
    );

    app.get(
      '/measurements/export',
      {
        schema: {
          tags,
          summary: "The measurements matching the filters as CSV: the import's columns first (it imports again), then id and the predictions",
          querystring: measurementFilters,
        },
      },
      async (request, reply) => {
        const csv = measurements.exportCsv(request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(csv.body, { highWaterMark: 1 }));
      },
    );

    app.delete(
      '/measurements/:id',
      {
        schema: {
          tags,
          summary: 'Delete one measurement',
          params: measurementIdParams,
          response: { 200: envelopeOf(z.null()), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await measurements.delete(request.params.id);
        return { success: true as const, message: 'Measurement deleted', data: null };
      },
    );

    app.delete(
      '/measurements',
      {
        schema: {
          tags,
          summary: 'Delete every measurement matching the filters (no filter: all of them)',
          querystring: measurementFilters,
          response: { 200: envelopeOf(z.object({ deleted_count: z.number() })), 400: errorEnvelope },
        },
      },
      async (request) => {
        const deleted = await measurements.deleteMatching(request.query);
        return { success: true as const, message: `Deleted ${countText(deleted, 'measurement')}`, data: { deleted_count: deleted } };
      },
    );
  };
}
