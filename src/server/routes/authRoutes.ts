import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRequest, loginRequest, loginResult, sessionInfo } from '../../common/api/auth.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import type { AuthService } from '../auth/authService.js';
import { adminOf } from '../auth/requireAdmin.js';

const PASSWORD_CHANGED = 'Password changed successfully! Your account is now more secure.';
const tags = ['auth'];

/** POST /api/auth/login: public, it is how an admin gets a token. */
export function loginRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in; returns a bearer token',
          body: loginRequest,
          response: { 200: envelopeOf(loginResult), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        const result = await auth.login(request.body.username, request.body.password, request.ip);
        return { success: true as const, message: 'Login successful', data: result };
      },
    );
  };
}

/** GET /api/auth/verify, POST /api/auth/logout, POST /api/auth/change-password (admin scope). */
export function authRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/auth/verify', { schema: { tags, summary: 'Check the bearer token', response: { 200: envelopeOf(sessionInfo) } } }, async (request) => ({
      success: true as const,
      data: auth.describe(adminOf(request)),
    }));

    app.post('/auth/logout', { schema: { tags, summary: 'Revoke the bearer token', response: { 200: messageEnvelope } } }, async (request) => {
      await auth.logout(adminOf(request));
      return { success: true as const, message: 'Signed out' };
    });

    app.post(
      '/auth/change-password',
      {
        schema: {
          tags,
          summary: 'Change the signed-in admin password; other sessions are signed out',
          body: changePasswordRequest,
          response: { 200: messageEnvelope, 400: errorEnvelope },
        },
      },
      async (request) => {
        await auth.changePassword(adminOf(request), request.body.currentPassword, request.body.newPassword);
        return { success: true as const, message: PASSWORD_CHANGED };
      },
    );
  };
}
