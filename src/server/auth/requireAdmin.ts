import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../errors.js';
import type { AdminPrincipal, AuthService } from './authService.js';
import { bearerToken } from './sessionTokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on the routes of the admin scope (routes/adminScope.ts). */
    admin?: AdminPrincipal;
  }
}

export const TWO_FACTOR_SETUP_REQUIRED = 'Your role must use two-factor sign-in. Set it up under Account before you continue.';

/**
 * The user's own account (verify, logout, change password, 2FA, own sessions): every admin route
 * under /api/auth/. The one place a user who must still set up 2FA may go.
 */
function isAccountRoute(url: string | undefined): boolean {
  return url?.startsWith('/api/auth/') ?? false;
}

/**
 * The admin scope's onRequest hook (runs before the body is read): a bearer token that verifies,
 * else 401; a user whose role must use 2FA and who has not set it up reaches only their account (403).
 */
export function requireAdmin(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.admin = await auth.verify(bearerToken(request.headers.authorization));
    if (request.admin.twoFactorSetupRequired && !isAccountRoute(request.routeOptions.url)) throw new ForbiddenError(TWO_FACTOR_SETUP_REQUIRED);
  };
}

/** The principal on a request that passed requireAdmin. */
export function adminOf(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new Error('adminOf used on a route outside the admin scope');
  return request.admin;
}
