import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamSettings } from '../../common/api/audit.js';
import { envelopeOf, errorEnvelope } from '../../common/api/envelope.js';
import type { TeamSettingsService } from '../team/teamSettingsService.js';
import { adminOf } from '../auth/requireAdmin.js';

const tags = ['settings'];

/** /api/settings/team (admin scope; PUT for an owner only): the roles that must use 2FA and the audit log's retention. */
export function teamSettingsRoutes(team: TeamSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/settings/team', { schema: { tags, summary: "The team's security settings", response: { 200: envelopeOf(teamSettings) } } }, async () => ({
      success: true as const,
      data: await team.get(),
    }));

    app.put(
      '/settings/team',
      {
        schema: {
          tags,
          summary: "Replace the team's security settings (owner)",
          body: teamSettings,
          response: { 200: envelopeOf(teamSettings), 400: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Team settings saved',
        data: await team.save(request.body, { role: adminOf(request).role, twoFactorEnabled: adminOf(request).twoFactorEnabled ?? false }),
      }),
    );
  };
}
