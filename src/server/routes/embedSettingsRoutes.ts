import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { embedSettings } from '../../common/api/embedSettings.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { EmbedSettingsService } from '../embed/embedSettingsService.js';

const tags = ['settings'];

/** /api/settings/embed (admin scope): which sites may embed the map (enforced on /embed and /widget by CSP frame-ancestors). */
export function embedSettingsRoutes(embed: EmbedSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/settings/embed',
      { schema: { tags, summary: 'Domains allowed to embed the map; empty means any', response: { 200: envelopeOf(embedSettings) } } },
      async () => ({ success: true as const, data: await embed.get() }),
    );

    app.put(
      '/settings/embed',
      {
        schema: {
          tags,
          summary: 'Replace the domains allowed to embed the map',
          body: embedSettings,
          response: { 200: envelopeOf(embedSettings), 400: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, message: 'Embed settings saved', data: await embed.save(request.body) }),
    );
  };
}
