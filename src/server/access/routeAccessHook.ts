import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { adminOf } from '../auth/requireAdmin.js';
import { ForbiddenError } from '../errors.js';
import { refusalOf, routeAccessOf, routeKey } from './routeAccess.js';

/**
 * The admin scope's onRoute check: a route without an access rule stops the server at start-up
 * (fail closed), so nobody can add an admin route and forget who may call it.
 */
export function checkRouteHasAccessRule(route: RouteOptions): void {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (!routeAccessOf(method, route.url)) {
      throw new Error(`No access rule for ${routeKey(method, route.url)}: add one to src/server/access/routeAccess.ts`);
    }
  }
}

/** The admin scope's onRequest hook after requireAdmin: 403 with what the role lacks, before the body is read. */
export async function requireRouteAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { role } = adminOf(request);
  const rule = routeAccessOf(request.method, request.routeOptions.url ?? '');
  // Never without a rule (checkRouteHasAccessRule refused it at start-up); refused all the same.
  if (!rule) throw new ForbiddenError('This route is not open to any role');
  const refusal = refusalOf(rule, role);
  if (refusal) throw new ForbiddenError(refusal);
}
