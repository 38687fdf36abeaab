import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { apiCoverageAnswer, apiTestRequest, provider, providerIdParams, validateMyMapsUrlRequest, validateMyMapsUrlResult } from '../../common/api/providers.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import type { MyMapsSync } from '../sources/myMapsSync.js';
import type { ProviderApiTester } from '../sources/providerApiTester.js';

export interface SourceRouteDeps {
  auth: AuthService;
  myMaps: MyMapsSync;
  apiTester: ProviderApiTester;
}

const tags = ['providers'];
const security = [{ bearerAuth: [] }];

/** Providers' outside sources (SPEC.md section 7): My Maps sync and URL check, and the API test. */
export function sourceRoutes(deps: SourceRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    app.post(
      '/providers/:id/sync-my-maps',
      { onRequest: admin, schema: { tags, security, params: providerIdParams, response: { 200: envelopeOf(provider), 400: errorEnvelope, 404: errorEnvelope, 502: errorEnvelope } } },
      async (request) => {
        const synced = await deps.myMaps.sync(request.params.id);
        return { success: true as const, message: `Successfully synced ${synced.name} from My Maps!`, data: synced };
      },
    );

    app.post(
      '/providers/validate-my-maps-url',
      { onRequest: admin, schema: { tags, security, body: validateMyMapsUrlRequest, response: { 200: envelopeOf(validateMyMapsUrlResult), 400: errorEnvelope } } },
      async (request) => {
        const { message, result } = deps.myMaps.checkUrl(request.body.my_maps_url);
        return { success: true as const, message, data: result };
      },
    );

    app.post(
      '/test',
      {
        onRequest: admin,
        schema: { tags, security, summary: 'Try a provider API at a test point', body: apiTestRequest, response: { 200: envelopeOf(apiCoverageAnswer), 400: errorEnvelope, 502: errorEnvelope, 504: errorEnvelope } },
      },
      async (request) => ({ success: true as const, message: 'API test completed successfully!', data: await deps.apiTester.test(request.body) }),
    );
  };
}
