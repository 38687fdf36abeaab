import type { FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '../../common/api/envelope.js';
import type { AuthService } from '../auth/authService.js';
import { checkRouteHasAccessRule, requireRouteAccess } from '../access/routeAccessHook.js';
import { requireAdmin } from '../auth/requireAdmin.js';
import { auditActorHook } from '../audit/auditContext.js';

/** The OpenAPI requirement of an admin route: the bearerAuth scheme declared in app.ts. */
const ADMIN_SECURITY = [{ bearerAuth: [] }];

/**
 * An admin route's schema: marked with the bearer requirement and, when it declares its responses,
 * with the 401 answer too. A route without response schemas is left without: declaring only a 401
 * would drop the default 200 that swagger documents for it.
 */
function withAdminDocs(schema: FastifySchema | undefined): FastifySchema {
  const response = schema?.response as Record<string, unknown> | undefined;
  return { ...schema, security: ADMIN_SECURITY, ...(response ? { response: { ...response, 401: errorEnvelope } } : {}) };
}

/**
 * The one authenticated scope of the API: every route registered by `modules` answers 401 without
 * a valid bearer token and 403 to a role its access rule refuses (both checked onRequest, before
 * the body is read: access/routeAccess.ts), and is documented as needing the token; a route
 * without an access rule stops the start-up. An encapsulated plugin (not fastify-plugin), so its hooks reach only these modules; public
 * routes are registered beside it, never inside.
 */
export function adminScope(auth: AuthService, modules: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (scope) => {
    scope.addHook('onRequest', requireAdmin(auth));
    // After requireAdmin (hooks run in the order added): the role is known.
    scope.addHook('onRequest', requireRouteAccess);
    scope.addHook('preHandler', auditActorHook);
    scope.addHook('onRoute', (route) => {
      checkRouteHasAccessRule(route);
      route.schema = withAdminDocs(route.schema);
    });
    for (const module of modules) await scope.register(module);
  };
}
