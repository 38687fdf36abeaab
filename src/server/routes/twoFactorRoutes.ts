import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recoveryCodesResult, twoFactorCodeRequest, twoFactorDisableRequest, twoFactorSetup, userIdParams } from '../../common/api/auth.js';
import { envelopeOf, errorEnvelope, messageEnvelope } from '../../common/api/envelope.js';
import { adminOf } from '../auth/requireAdmin.js';
import type { TwoFactorService } from '../auth/twoFactorService.js';

const tags = ['auth'];

/** /api/auth/2fa/* (the signed-in user's own second factor) and DELETE /api/users/{id}/2fa (owner). Admin scope. */
export function twoFactorRoutes(twoFactor: TwoFactorService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auth/2fa/setup',
      {
        schema: {
          tags,
          summary: 'Start setting up two-factor sign-in: a new secret and its otpauth:// address (off until a code confirms it)',
          response: { 200: envelopeOf(twoFactorSetup), 409: errorEnvelope },
        },
      },
      async (request) => ({ success: true as const, data: await twoFactor.setup(adminOf(request)) }),
    );

    app.post(
      '/auth/2fa/enable',
      {
        schema: {
          tags,
          summary: 'Turn two-factor sign-in on with a code of the new secret; answers ten recovery codes, once',
          body: twoFactorCodeRequest,
          response: { 200: envelopeOf(recoveryCodesResult), 400: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'Two-factor sign-in is on',
        data: await twoFactor.enable(adminOf(request), request.body.code),
      }),
    );

    app.post(
      '/auth/2fa/disable',
      {
        schema: {
          tags,
          summary: 'Turn two-factor sign-in off (the password and a code or recovery code)',
          body: twoFactorDisableRequest,
          response: { 200: messageEnvelope, 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => {
        await twoFactor.disable(adminOf(request), request.body.password, request.body.code, request.ip);
        return { success: true as const, message: 'Two-factor sign-in is off' };
      },
    );

    app.post(
      '/auth/2fa/recovery-codes',
      {
        schema: {
          tags,
          summary: 'Replace the recovery codes (a code or recovery code); the old ones stop working',
          body: twoFactorCodeRequest,
          response: { 200: envelopeOf(recoveryCodesResult), 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (request) => ({
        success: true as const,
        message: 'New recovery codes made; the old ones no longer work',
        data: await twoFactor.renewRecoveryCodes(adminOf(request), request.body.code, request.ip),
      }),
    );

    app.delete(
      '/users/:id/2fa',
      {
        schema: {
          tags: ['users'],
          summary: "Turn off another user's two-factor sign-in (owner), e.g. after a lost phone",
          params: userIdParams,
          response: { 200: messageEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope },
        },
      },
      async (request) => {
        await twoFactor.reset(adminOf(request), request.params.id);
        return { success: true as const, message: 'Two-factor sign-in was reset' };
      },
    );
  };
}
