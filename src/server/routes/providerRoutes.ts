import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  LOGO_MAX_BYTES,
  logoParams,
  provider,
  providerIdParams,
  providerInput,
  providerStats,
  validateMyMapsUrlRequest,
  validateMyMapsUrlResult,
} from '../../common/api/providers.js';
import { providerScopeOf } from '../access/providerScope.js';
import { adminOf } from '../auth/requireAdmin.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { multipartDocs, readMultipartForm } from '../http/multipart.js';
import type { LogoStore } from '../providers/logoStore.js';
import type { ProviderService } from '../providers/providerService.js';
import type { ProviderStatsService } from '../reports/providerStatsService.js';
import type { MyMapsSync } from '../sources/myMapsSync.js';

export interface ProviderRouteDeps {
  providers: ProviderService;
  myMaps: MyMapsSync;
  stats: ProviderStatsService;
}

const tags = ['providers'];
/** The provider form's OpenAPI body: its text fields and the optional logo. */
const providerFormDocs = multipartDocs({ fields: providerInput, fileField: 'logo' });

/** GET /api/providers/logo/{filename}: public, the map shows the logos. */
export function providerLogoRoutes(logos: LogoStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/providers/logo/:filename', { schema: { tags, summary: 'A provider logo (public)', params: logoParams } }, async (request, reply) => {
      const found = await logos.find(request.params.filename);
      if (!found) throw new NotFoundError('Logo not found');
      // The content's SHA-256 is stored with it: a browser revalidating after max-age gets 304, answered without reading the bytes.
      const etag = `"${found.sha256}"`;
      reply
        .type(found.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=86400')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      // A logo's name is never reused for other content: the bytes read are those `found` describes.
      const logo = await logos.read(found);
      if (!logo) throw new NotFoundError('Logo not found');
      return reply.send(logo.bytes);
    });
  };
}

/**
 * Every other /api/providers route (admin scope): CRUD with logos, the My Maps
 * sync and URL check, and a provider's counts. A provider editor reaches only their providers (the
 * services answer 404 for another's); creating and deleting are refused by the role table.
 */
export function providerRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const readProviderForm = async (request: Parameters<typeof readMultipartForm>[0]) => {
      const form = await readMultipartForm(request, {
        fileField: 'logo',
        maxFileBytes: LOGO_MAX_BYTES,
        tooLargeMessage: 'Logo must be at most 2 MB',
      });
      const parsed = providerInput.safeParse(form.fields);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid provider');
      return { fields: parsed.data, logo: form.file?.bytes ?? null };
    };

    app.get(
      '/providers',
      { schema: { tags, summary: "All providers (a provider editor's own)", response: { 200: envelopeOf(z.array(provider)) } } },
      async (request) => ({ success: true as const, data: await deps.providers.list(providerScopeOf(adminOf(request))) }),
    );

    app.get('/providers/:id', { schema: { tags, params: providerIdParams, response: { 200: envelopeOf(provider), 404: errorEnvelope } } }, async (request) => ({
      success: true as const,
      data: await deps.providers.get(request.params.id, providerScopeOf(adminOf(request))),
    }));

    app.post(
      '/providers',
      {
        config: providerFormDocs,
        schema: {
          tags,
          summary: 'Create (multipart: fields + optional logo)',
          response: { 200: envelopeOf(provider), 400: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        return { success: true as const, message: 'Provider created successfully!', data: await deps.providers.create(fields, logo) };
      },
    );

    app.put(
      '/providers/:id',
      {
        config: providerFormDocs,
        schema: {
          tags,
          params: providerIdParams,
          summary: 'Update (multipart; absent fields are kept)',
          response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope },
        },
      },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        const data = await deps.providers.update(request.params.id, fields, logo, providerScopeOf(adminOf(request)));
        return { success: true as const, message: 'Provider updated successfully!', data };
      },
    );

    app.delete(
      '/providers/:id',
      { schema: { tags, params: providerIdParams, summary: 'Delete, with its coverage layers', response: { 200: messageEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.providers.delete(request.params.id);
        return { success: true as const, message: 'Provider deleted successfully!' };
      },
    );

    app.post(
      '/providers/:id/sync-my-maps',
      { schema: { tags, params: providerIdParams, response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 502: errorEnvelope } } },
      async (request) => {
        const synced = await deps.myMaps.sync(request.params.id, providerScopeOf(adminOf(request)));
        return { success: true as const, message: `Successfully synced ${synced.name} from My Maps!`, data: synced };
      },
    );

    app.post(
      '/providers/validate-my-maps-url',
      { schema: { tags, body: validateMyMapsUrlRequest, response: { 200: envelopeOf(validateMyMapsUrlResult), 400: errorEnvelope } } },
      async (request) => {
        const { message, result } = deps.myMaps.checkUrl(request.body.my_maps_url);
        return { success: true as const, message, data: result };
      },
    );

    app.get(
      '/providers/:id/stats',
      { schema: { tags, params: providerIdParams, response: { 200: envelopeOf(providerStats), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await deps.stats.statsOf(request.params.id, providerScopeOf(adminOf(request))) }),
    );
  };
}
