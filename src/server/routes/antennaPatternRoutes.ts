import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANTENNA_PATTERN_MAX_FILE_BYTES,
  antennaPattern,
  antennaPatternIdParams,
  antennaPatternSummary,
  antennaPatternUploadFields,
} from '../../common/api/antennaPatterns.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import type { AntennaPatternService } from '../antenna-patterns/antennaPatternService.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';

const tags = ['antenna patterns'];

/** One pattern file, or SPLAT!'s .az and .el together. */
const MAX_PATTERN_FILES = 2;

/** /api/antenna_patterns/* (admin scope): the pattern library: list, one with its tables, upload, delete. */
export function antennaPatternRoutes(patterns: AntennaPatternService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/antenna_patterns',
      {
        schema: { tags, summary: 'Every pattern (built-ins first), without the tables', response: { 200: envelopeOf(z.array(antennaPatternSummary)) } },
      },
      async () => ({ success: true as const, data: await patterns.list() }),
    );

    app.get(
      '/antenna_patterns/:id',
      {
        schema: {
          tags,
          summary: 'One pattern with its 360 horizontal and 360 vertical attenuations (dB below the peak)',
          params: antennaPatternIdParams,
          response: { 200: envelopeOf(antennaPattern), 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await patterns.get(request.params.id) }),
    );

    app.post(
      '/antenna_patterns',
      {
        config: multipartDocs({ fields: antennaPatternUploadFields, fileField: 'file' }),
        schema: {
          tags,
          summary:
            'Upload a pattern (multipart): one "file" (Planet/MSI, Radio Mobile .ant) or SPLAT!\'s .az and .el as two "file" parts, each up to 256 KB; "name", and "gain_dbi" for formats without a gain',
          response: { 200: envelopeOf(antennaPattern), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, {
          fileField: 'file',
          maxFiles: MAX_PATTERN_FILES,
          maxFileBytes: ANTENNA_PATTERN_MAX_FILE_BYTES,
          tooLargeMessage: 'A pattern file must be at most 256 KB',
        });
        const fields = antennaPatternUploadFields.safeParse(form.fields);
        if (!fields.success) throw new ValidationError(fields.error.issues[0]?.message ?? 'The form fields are not valid');
        const created = await patterns.upload(
          form.files.map((file) => ({ fileName: file.filename, bytes: file.bytes })),
          { name: fields.data.name, gainDbi: fields.data.gain_dbi },
        );
        return { success: true as const, message: 'Antenna pattern uploaded successfully', data: created };
      },
    );

    app.delete(
      '/antenna_patterns/:id',
      {
        schema: {
          tags,
          summary: 'Delete an uploaded pattern; refused for built-ins (400) and while a sector uses it (409)',
          params: antennaPatternIdParams,
          response: { 200: messageEnvelope, 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => {
        await patterns.delete(request.params.id);
        return { success: true as const, message: 'Antenna pattern deleted successfully' };
      },
    );
  };
}
