import type { UserRole } from '../../common/api/users.js';

/**
 * Who may call an admin route (issue 22):
 * - `signed_in`: every role (their own account: verify, sign out, password, 2FA, own sessions);
 * - `read`: owner, admin and viewer; `write`: owner and admin; `owner`: the owner alone;
 * - `providers: true`: a provider editor too, on their providers' records only (the handler
 *   passes providerScopeOf(principal) to the service, which filters lists and 404s the rest).
 * `what` names the area in the refusal ("A viewer cannot change towers").
 */
export interface RouteAccess {
  allow: 'signed_in' | 'read' | 'write' | 'owner';
  what: string;
  providers?: true;
}

const account: RouteAccess = { allow: 'signed_in', what: 'their own account' };
const read = (what: string, providers?: true): RouteAccess => ({ allow: 'read', what, ...(providers ? { providers } : {}) });
const write = (what: string, providers?: true): RouteAccess => ({ allow: 'write', what, ...(providers ? { providers } : {}) });
const owner = (what: string): RouteAccess => ({ allow: 'owner', what });

/**
 * Every admin route, keyed 'METHOD /api/path/{param}' as the OpenAPI document names it. The admin
 * scope refuses to start with a route missing here (fail closed), and test/roleMatrix.test.ts
 * calls each one as each role.
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  'GET /api/auth/verify': account,
  'POST /api/auth/logout': account,
  'POST /api/auth/change-password': account,
  'POST /api/auth/2fa/setup': account,
  'POST /api/auth/2fa/enable': account,
  'POST /api/auth/2fa/disable': account,
  'POST /api/auth/2fa/recovery-codes': account,
  'GET /api/auth/sessions': account,
  'DELETE /api/auth/sessions/{id}': account,

  'GET /api/users': owner('users'),
  'PUT /api/users/{id}': owner('users'),
  'DELETE /api/users/{id}': owner('users'),
  'GET /api/users/invitations': owner('users'),
  'POST /api/users/invitations': owner('users'),
  'DELETE /api/users/invitations/{id}': owner('users'),
  'DELETE /api/users/{id}/2fa': owner('users'),

  'GET /api/audit': read('the audit log'),
  'GET /api/audit/export': read('the audit log'),
  'GET /api/audit/facets': read('the audit log'),
  'GET /api/settings/team': read('settings'),
  'PUT /api/settings/team': owner('team security'),
  'GET /api/users/{id}/sessions': owner('users'),
  'DELETE /api/users/{id}/sessions/{sessionId}': owner('users'),

  'GET /api/providers': read('providers', true),
  'POST /api/providers': write('providers'),
  'GET /api/providers/{id}': read('providers', true),
  'PUT /api/providers/{id}': write('providers', true),
  'DELETE /api/providers/{id}': write('providers'),
  'POST /api/providers/{id}/sync-my-maps': write('providers', true),
  'POST /api/providers/validate-my-maps-url': write('providers', true),
  'GET /api/providers/{id}/stats': read('providers', true),
  'POST /api/test': write('providers', true),

  'GET /api/reports/dashboard': read('reports', true),
  'GET /api/reports/searches': read('reports', true),
  'GET /api/reports/leads': read('reports', true),
  'GET /api/reports/lead_activity': read('reports', true),
  'GET /api/reports/map_data': read('reports', true),
  'GET /api/reports/providers': read('reports', true),
  'GET /api/leads/{id}': read('leads', true),
  'PATCH /api/leads/{id}': write('leads', true),
  'POST /api/leads/{id}/install': write('leads'),

  'GET /api/coverage_layers': read('coverage layers', true),
  'POST /api/coverage_layers': write('coverage layers', true),
  'GET /api/coverage_layers/{id}': read('coverage layers', true),
  'PUT /api/coverage_layers/{id}': write('coverage layers', true),
  'DELETE /api/coverage_layers/{id}': write('coverage layers', true),
  'POST /api/coverage_layers/{id}/upload': write('coverage layers', true),

  'GET /api/towers': read('towers', true),
  'POST /api/towers': write('towers', true),
  'GET /api/towers/{id}': read('towers', true),
  'PUT /api/towers/{id}': write('towers', true),
  'DELETE /api/towers/{id}': write('towers', true),
  'POST /api/towers/{id}/sectors': write('towers', true),
  'PUT /api/towers/{id}/sectors/{sectorId}': write('towers', true),
  'DELETE /api/towers/{id}/sectors/{sectorId}': write('towers', true),
  'POST /api/towers/bulk-import': write('towers'),
  'GET /api/towers/footprints': read('towers', true),
  // A planning calculation that changes nothing, but a POST: for the roles that plan (write).
  'POST /api/towers/what-if': write('towers'),
  'GET /api/towers/{id}/footprint': read('towers', true),

  'GET /api/antenna_patterns': read('antenna patterns', true),
  'POST /api/antenna_patterns': write('antenna patterns'),
  'GET /api/antenna_patterns/{id}': read('antenna patterns', true),
  'DELETE /api/antenna_patterns/{id}': write('antenna patterns'),

  'GET /api/line-of-sight/check': read('line of sight'),
  'GET /api/line-of-sight/optimal': read('line of sight'),
  'GET /api/line-of-sight/tower/{id}': read('line of sight'),

  'GET /api/terrain/tiles': read('terrain tiles'),
  'POST /api/terrain/tiles': write('terrain tiles'),
  'DELETE /api/terrain/tiles/{name}': write('terrain tiles'),

  'POST /api/addresses/import': write('addresses'),
  'GET /api/addresses/count': read('addresses'),
  'DELETE /api/addresses': write('addresses'),

  'GET /api/settings/embed': read('settings'),
  'PUT /api/settings/embed': write('settings'),
  'GET /api/settings/public-map': read('settings'),
  'PUT /api/settings/public-map': write('settings'),
  'GET /api/settings/radio': read('settings'),
  'PUT /api/settings/radio': write('settings'),

  'GET /api/clutter_areas': read('clutter areas'),
  'POST /api/clutter_areas': write('clutter areas'),
  'GET /api/clutter_areas/geojson': read('clutter areas'),
  'DELETE /api/clutter_areas/{id}': write('clutter areas'),

  'GET /api/webhooks': read('webhooks'),
  'POST /api/webhooks': write('webhooks'),
  'GET /api/webhooks/event-types': read('webhooks'),
  'GET /api/webhooks/{id}': read('webhooks'),
  'PUT /api/webhooks/{id}': write('webhooks'),
  'DELETE /api/webhooks/{id}': write('webhooks'),
  'GET /api/webhooks/{id}/deliveries': read('webhooks'),
  'POST /api/webhooks/{id}/test': write('webhooks'),
  'POST /api/webhooks/{id}/deliveries/{deliveryId}/redeliver': write('webhooks'),
  'POST /api/webhooks/{id}/rotate-secret': write('webhooks'),

  'GET /api/waitlist': read('the waitlist'),
  'GET /api/waitlist/summary': read('the waitlist'),
  'GET /api/waitlist/export': read('the waitlist'),
  'GET /api/waitlist/points': read('the waitlist'),
  'DELETE /api/waitlist/{id}': write('the waitlist'),

  'POST /api/zones': write('zones'),
  'GET /api/zones/all': read('zones'),
  'PUT /api/zones/{id}': write('zones'),
  'DELETE /api/zones/{id}': write('zones'),
  'POST /api/zones/geometry-from-file': write('zones'),

  'POST /api/measurements/import': write('measurements'),
  'GET /api/measurements': read('measurements'),
  'DELETE /api/measurements': write('measurements'),
  'GET /api/measurements/report': read('measurements'),
  'GET /api/measurements/points': read('measurements'),
  'GET /api/measurements/export': read('measurements'),
  'DELETE /api/measurements/{id}': write('measurements'),
};

/** The table's key of a route: its method (HEAD as its GET) and its URL in OpenAPI form (/api/towers/:id -> /api/towers/{id}). */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url.replace(/:(\w+)/g, '{$1}')}`;
}

export function routeAccessOf(method: string, url: string): RouteAccess | undefined {
  return ROUTE_ACCESS[routeKey(method, url)];
}

/** Why `role` may not call a route with `rule`, or null when it may. */
export function refusalOf(rule: RouteAccess, role: UserRole): string | null {
  if (rule.allow === 'signed_in' || role === 'owner') return null;
  if (rule.allow === 'owner') return `Only an owner can manage ${rule.what}`;
  if (role === 'provider_editor') return rule.providers ? null : `A provider editor cannot ${rule.allow === 'read' ? 'open' : 'change'} ${rule.what}`;
  if (role === 'viewer' && rule.allow === 'write') return `A viewer cannot change ${rule.what}`;
  return null;
}
