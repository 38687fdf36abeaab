import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminPrincipal, AuthService } from './authService.js';
import { bearerToken } from './sessionTokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAdmin on the routes of the admin scope (routes/adminScope.ts). */
    admin?: AdminPrincipal;
  }
}

/** The admin scope's onRequest hook (runs before the body is read): a bearer token that verifies, else 401. */
export function requireAdmin(auth: AuthService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.admin = await auth.verify(bearerToken(request.headers.authorization));
  };
}

/** The principal on a request that passed requireAdmin. */
export function adminOf(request: FastifyRequest): AdminPrincipal {
  if (!request.admin) throw new Error('adminOf used on a route outside the admin scope');
  return request.admin;
}
