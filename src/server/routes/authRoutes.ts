import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordRequest, loginCodeRequest, loginRequest, loginResult, loginToken, sessionInfo } from '../../common/api/auth.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import type { FastifyRequest } from 'fastify';
import type { SessionClient } from '../auth/authRepository.js';
import type { AuthService } from '../auth/authService.js';
import { adminOf } from '../auth/requireAdmin.js';

const PASSWORD_CHANGED = 'Password changed successfully! Your account is now more secure.';
const tags = ['auth'];

/** The browser and address a sign-in comes from, kept with its session. */
function clientOf(request: FastifyRequest): SessionClient {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

/** POST /api/auth/login and POST /api/auth/login/2fa: public, they are how an admin gets a token. */
export function loginRoutes(auth: AuthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in; returns a bearer token, or a challenge for the code step when two-factor sign-in is on',
          body: loginRequest,
          response: { 200: envelopeOf(loginResult), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        const result = await auth.login(request.body.username, request.body.password, clientOf(request));
        return { success: true as const, message: 'two_factor_required' in result ? 'Enter the code from your app' : 'Login successful', data: result };
      },
    );

    app.post(
      '/auth/login/2fa',
      {
        schema: {
          tags,
          summary: "Sign in, second step: the login's challenge and a code from the app (or a recovery code); returns a bearer token",
          body: loginCodeRequest,
          response: { 200: envelopeOf(loginToken), 400: errorEnvelope, 401: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        const result = await auth.loginWithCode(request.body.challenge, request.body.code, clientOf(request));
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
