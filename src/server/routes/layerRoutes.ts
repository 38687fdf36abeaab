import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coverageLayer, createLayerInput, KML_MAX_BYTES, layerIdParams, updateLayerInput } from '../../common/api/coverageLayers.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { type ProviderScope, providerScopeOf } from '../access/providerScope.js';
import { adminOf } from '../auth/requireAdmin.js';
import { ValidationError } from '../errors.js';
import { multipartDocs, readMultipartFormToDisk, type SpooledForm } from '../http/multipart.js';
import type { CoverageFileUpload, LayerService } from '../coverage/layerService.js';

const tags = ['coverage layers'];
const KML_TOO_LARGE = 'Coverage file must be at most 50 MB';

/**
 * /api/coverage_layers/* (admin scope): list, get, create (JSON or multipart), update, delete,
 * upload; a provider editor reaches only their providers' layers.
 */
export function layerRoutes(layers: LayerService): FastifyPluginAsyncZod {
  return async (app) => {
    /** Reads the form (its file spooled to disk), gives it to `use`, then deletes the file. */
    const withKmlForm = async <T>(request: Parameters<typeof readMultipartFormToDisk>[0], use: (form: SpooledForm) => Promise<T>): Promise<T> => {
      const form = await readMultipartFormToDisk(request, { fileField: 'kml_file', maxFileBytes: KML_MAX_BYTES, tooLargeMessage: KML_TOO_LARGE });
      try {
        return await use(form);
      } finally {
        await form.dispose();
      }
    };
    const uploadOf = (form: SpooledForm): CoverageFileUpload | null => (form.file ? { filename: form.file.filename, source: { path: form.file.path } } : null);
    const create = async (fields: unknown, file: CoverageFileUpload | null, scope: ProviderScope) => {
      const parsed = createLayerInput.safeParse(fields ?? {});
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid coverage layer');
      return { success: true as const, message: 'Coverage layer created successfully!', data: await layers.create(parsed.data, file, scope) };
    };

    app.get('/coverage_layers', { schema: { tags, response: { 200: envelopeOf(z.array(coverageLayer)) } } }, async (request) => ({
      success: true as const,
      data: await layers.list(providerScopeOf(adminOf(request))),
    }));

    app.get(
      '/coverage_layers/:id',
      { schema: { tags, params: layerIdParams, response: { 200: envelopeOf(coverageLayer), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await layers.get(request.params.id, providerScopeOf(adminOf(request))) }),
    );

    app.post(
      '/coverage_layers',
      {
        config: multipartDocs({ fields: createLayerInput, fileField: 'kml_file', alsoJson: true }),
        schema: {
          tags,
          summary: 'Create: JSON, or multipart with an optional kml_file (.kml/.kmz, 50 MB)',
          response: { 200: envelopeOf(coverageLayer), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const scope = providerScopeOf(adminOf(request));
        return request.isMultipart() ? withKmlForm(request, (form) => create(form.fields, uploadOf(form), scope)) : create(request.body, null, scope);
      },
    );

    app.put(
      '/coverage_layers/:id',
      { schema: { tags, params: layerIdParams, body: updateLayerInput, response: { 200: envelopeOf(coverageLayer), 400: errorEnvelope, 404: errorEnvelope } } },
      async (request) => ({
        success: true as const,
        message: 'Coverage layer updated successfully!',
        data: await layers.update(request.params.id, request.body, providerScopeOf(adminOf(request))),
      }),
    );

    app.delete('/coverage_layers/:id', { schema: { tags, params: layerIdParams, response: { 200: messageEnvelope, 404: errorEnvelope } } }, async (request) => {
      await layers.delete(request.params.id, providerScopeOf(adminOf(request)));
      return { success: true as const, message: 'Coverage layer deleted successfully!' };
    });

    app.post(
      '/coverage_layers/:id/upload',
      {
        config: multipartDocs({ fileField: 'kml_file' }),
        schema: {
          tags,
          params: layerIdParams,
          summary: 'Upload or replace the layer file (multipart kml_file)',
          response: { 200: envelopeOf(coverageLayer), 400: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) =>
        withKmlForm(request, async (form) => {
          const upload = uploadOf(form);
          if (!upload) throw new ValidationError('Choose a .kml or .kmz file to upload (field kml_file)');
          return {
            success: true as const,
            message: 'Coverage file uploaded successfully!',
            data: await layers.uploadFile(request.params.id, upload, providerScopeOf(adminOf(request))),
          };
        }),
    );
  };
}
