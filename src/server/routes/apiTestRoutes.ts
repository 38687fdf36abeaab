import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import { apiCoverageAnswer, apiTestRequest } from '../../common/api/providers.js';
import { providerScopeOf } from '../access/providerScope.js';
import { adminOf } from '../auth/requireAdmin.js';
import type { ProviderApiTester } from '../sources/providerApiTester.js';

/** POST /api/test (admin scope): try a provider's own coverage API at a test point. */
export function apiTestRoutes(apiTester: ProviderApiTester): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test',
      {
        schema: {
          tags: ['providers'],
          summary: 'Try a provider API at a test point',
          body: apiTestRequest,
          response: { 200: envelopeOf(apiCoverageAnswer), 400: errorEnvelope, 502: errorEnvelope, 504: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'API test completed successfully!',
        data: await apiTester.test(request.body, providerScopeOf(adminOf(request))),
      }),
    );
  };
}
