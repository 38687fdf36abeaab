import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import {
  apiCoverageAnswer,
  apiTestRequest,
  provider,
  providerStats,
  validateMyMapsUrlRequest,
  validateMyMapsUrlResult,
} from '../../common/api/providers.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import { ValidationError } from '../errors.js';
import { readMultipartForm } from '../http/multipart.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { LogoStore } from './logoStore.js';
import { myMapsKmlUrl, parseMyMapsUrl } from './myMaps.js';
import type { MyMapsSync } from './myMapsSync.js';
import { providerFields } from './providerInput.js';
import { queryProviderApi } from './providerApi.js';
import type { ProviderService } from './providerService.js';
import { LOGO_MAX_BYTES } from './logoStore.js';

export interface ProviderRouteDeps {
  auth: AuthService;
  providers: ProviderService;
  logos: LogoStore;
  myMaps: MyMapsSync;
  outbound: OutboundClient;
  myMapsKmlUrlTemplate: string;
}

const idParams = z.object({ id: z.coerce.number().int().positive('Provider id must be a positive whole number') });
const tags = ['providers'];
/** An admin waits for a test answer; the browser gives up at 10 s, so stop just before. */
const API_TEST_TIMEOUT_MS = 8000;
const security = [{ bearerAuth: [] }];

/** Providers (SPEC.md section 7): admin CRUD with logos, stats, My Maps sync, and the API test. */
export function providerRoutes(deps: ProviderRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    const readProviderForm = async (request: Parameters<typeof readMultipartForm>[0]) => {
      const form = await readMultipartForm(request, {
        fileField: 'logo',
        maxFileBytes: LOGO_MAX_BYTES,
        tooLargeMessage: 'Logo must be at most 2 MB',
      });
      const parsed = providerFields.safeParse(form.fields);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid provider');
      return { fields: parsed.data, logo: form.file?.bytes ?? null };
    };

    app.get(
      '/providers',
      { onRequest: admin, schema: { tags, security, summary: 'All providers', response: { 200: envelopeOf(z.array(provider)), 401: errorEnvelope } } },
      async () => ({ success: true as const, data: await deps.providers.list() }),
    );

    app.get(
      '/providers/logo/:filename',
      { schema: { tags, summary: 'A provider logo (public)', params: z.object({ filename: z.string() }) } },
      async (request, reply) => {
        const logo = await deps.logos.read(request.params.filename);
        if (!logo) return reply.status(404).send({ success: false, message: 'Logo not found' });
        return reply
          .type(logo.contentType)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'public, max-age=86400')
          .header('Content-Security-Policy', "default-src 'none'")
          .send(logo.bytes);
      },
    );

    app.get(
      '/providers/:id',
      { onRequest: admin, schema: { tags, security, params: idParams, response: { 200: envelopeOf(provider), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await deps.providers.get(request.params.id) }),
    );

    app.get(
      '/providers/:id/stats',
      { onRequest: admin, schema: { tags, security, params: idParams, response: { 200: envelopeOf(providerStats), 404: errorEnvelope } } },
      async (request) => ({ success: true as const, data: await deps.providers.stats(request.params.id) }),
    );

    app.post(
      '/providers',
      { onRequest: admin, schema: { tags, security, summary: 'Create (multipart: fields + optional logo)', response: { 200: envelopeOf(provider), 400: errorEnvelope, 413: errorEnvelope } } },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        return { success: true as const, message: 'Provider created successfully!', data: await deps.providers.create(fields, logo) };
      },
    );

    app.put(
      '/providers/:id',
      { onRequest: admin, schema: { tags, security, params: idParams, summary: 'Update (multipart; absent fields are kept)', response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 413: errorEnvelope } } },
      async (request) => {
        const { fields, logo } = await readProviderForm(request);
        return { success: true as const, message: 'Provider updated successfully!', data: await deps.providers.update(request.params.id, fields, logo) };
      },
    );

    app.delete(
      '/providers/:id',
      { onRequest: admin, schema: { tags, security, params: idParams, summary: 'Delete, with its coverage layers', response: { 200: messageEnvelope, 404: errorEnvelope } } },
      async (request) => {
        await deps.providers.delete(request.params.id);
        return { success: true as const, message: 'Provider deleted successfully!' };
      },
    );

    app.post(
      '/providers/:id/sync-my-maps',
      { onRequest: admin, schema: { tags, security, params: idParams, response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 502: errorEnvelope } } },
      async (request) => {
        const synced = await deps.myMaps.sync(request.params.id);
        return { success: true as const, message: `Successfully synced ${synced.name} from My Maps!`, data: synced };
      },
    );

    app.post(
      '/providers/validate-my-maps-url',
      { onRequest: admin, schema: { tags, security, body: validateMyMapsUrlRequest, response: { 200: envelopeOf(validateMyMapsUrlResult), 400: errorEnvelope } } },
      async (request) => {
        const parsed = parseMyMapsUrl(request.body.my_maps_url);
        return {
          success: true as const,
          message: parsed ? 'This is a valid My Maps URL' : 'Not a Google My Maps URL: it needs a map id (mid=...)',
          data: {
            valid: parsed !== null,
            map_id: parsed?.mapId ?? null,
            kml_url: parsed ? myMapsKmlUrl(deps.myMapsKmlUrlTemplate, parsed.mapId) : null,
          },
        };
      },
    );

    app.post(
      '/test',
      {
        onRequest: admin,
        schema: { tags, security, summary: 'Try a provider API at a test point', body: apiTestRequest, response: { 200: envelopeOf(apiCoverageAnswer), 400: errorEnvelope, 502: errorEnvelope, 504: errorEnvelope } },
      },
      async (request) => {
        const body = request.body;
        const source = deps.providers.apiTestSource(body, await deps.providers.authConfigForTest(body.api_auth_type, body.api_auth_config ?? null, body.api_endpoint_url, body.provider_id));
        const answer = await queryProviderApi(deps.outbound, source, { lat: body.test_lat, lng: body.test_lng, address: body.test_address ?? null }, API_TEST_TIMEOUT_MS);
        return { success: true as const, message: 'API test completed successfully!', data: answer };
      },
    );
  };
}
