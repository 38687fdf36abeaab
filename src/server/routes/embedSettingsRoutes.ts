import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { embedSettings } from '../../common/api/embedSettings.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { AuthService } from '../auth/authService.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import type { EmbedSettingsService } from '../embed/embedSettingsService.js';

export interface EmbedSettingsRouteDeps {
  auth: AuthService;
  embed: EmbedSettingsService;
}

const tags = ['settings'];
const security = [{ bearerAuth: [] }];

/** The admin setting of which sites may embed the map (enforced on /embed and /widget by CSP frame-ancestors). */
export function embedSettingsRoutes(deps: EmbedSettingsRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const admin = requireAdmin(deps.auth);

    app.get(
      '/settings/embed',
      { onRequest: admin, schema: { tags, security, summary: 'Domains allowed to embed the map; empty means any', response: { 200: envelopeOf(embedSettings), 401: errorEnvelope } } },
      async () => ({ success: true as const, data: await deps.embed.get() }),
    );

    app.put(
      '/settings/embed',
      {
        onRequest: admin,
        schema: { tags, security, summary: 'Replace the domains allowed to embed the map', body: embedSettings, response: { 200: envelopeOf(embedSettings), 400: errorEnvelope, 401: errorEnvelope } },
      },
      async (request) => ({ success: true as const, message: 'Embed settings saved', data: await deps.embed.save(request.body) }),
    );
  };
}
