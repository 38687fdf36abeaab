import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionIdParams, sessionSummary, userIdParams, userSessionParams } from '../../common/api/auth.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { adminOf } from '../auth/requireAdmin.js';
import type { SessionList } from '../auth/sessionList.js';

/** /api/auth/sessions (own) and /api/users/{id}/sessions (owner: anyone's). Admin scope. */
export function sessionRoutes(sessions: SessionList): FastifyPluginAsyncZod {
  return async (app) => {
    const list = envelopeOf(z.array(sessionSummary));

    app.get('/auth/sessions', { schema: { tags: ['auth'], summary: 'Your signed-in sessions', response: { 200: list } } }, async (request) => {
      const admin = adminOf(request);
      return { success: true as const, data: await sessions.list(admin, admin.userId) };
    });

    app.delete(
      '/auth/sessions/:id',
      {
        schema: {
          tags: ['auth'],
          summary: 'End one of your sessions (your current one signs you out)',
          params: sessionIdParams,
          response: { 200: messageEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        await sessions.end(admin, admin.userId, request.params.id);
        return { success: true as const, message: 'Session ended' };
      },
    );

    app.get(
      '/users/:id/sessions',
      {
        schema: {
          tags: ['users'],
          summary: "A user's signed-in sessions (owner)",
          params: userIdParams,
          response: { 200: list, 403: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await sessions.list(adminOf(request), request.params.id) }),
    );

    app.delete(
      '/users/:id/sessions/:sessionId',
      {
        schema: {
          tags: ['users'],
          summary: "End a user's session (owner)",
          params: userSessionParams,
          response: { 200: messageEnvelope, 403: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (request) => {
        await sessions.end(adminOf(request), request.params.id, request.params.sessionId);
        return { success: true as const, message: 'Session ended' };
      },
    );
  };
}
