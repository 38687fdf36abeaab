import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../src/common/api/users.js';
import { ROUTE_ACCESS } from '../src/server/access/routeAccess.js';
import type { AuthService } from '../src/server/auth/authService.js';
import { adminScope } from '../src/server/routes/adminScope.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

/**
 * The roles as issue 22 designs them, written out here apart from the table in
 * src/server/access/routeAccess.ts, so a wrong rule there fails below:
 * - every role: their own account (/api/auth/…);
 * - the owner alone: the team (/api/users…) and its security settings (PUT /api/settings/team);
 * - a viewer: every GET, and no other method;
 * - a provider editor: exactly these routes (the records are scoped by the services).
 */
const OWNER_ONLY = /^([A-Z]+ \/api\/users(\/|$)|PUT \/api\/settings\/team$)/;
const ACCOUNT = /^[A-Z]+ \/api\/auth\//;
const PROVIDER_EDITOR_ROUTES = new Set([
  'GET /api/providers',
  'GET /api/providers/{id}',
  'PUT /api/providers/{id}',
  'GET /api/providers/{id}/stats',
  'POST /api/providers/{id}/sync-my-maps',
  'POST /api/providers/validate-my-maps-url',
  'POST /api/test',
  'GET /api/coverage_layers',
  'POST /api/coverage_layers',
  'GET /api/coverage_layers/{id}',
  'PUT /api/coverage_layers/{id}',
  'DELETE /api/coverage_layers/{id}',
  'POST /api/coverage_layers/{id}/upload',
  'GET /api/towers',
  'POST /api/towers',
  'GET /api/towers/{id}',
  'PUT /api/towers/{id}',
  'DELETE /api/towers/{id}',
  'POST /api/towers/{id}/sectors',
  'PUT /api/towers/{id}/sectors/{sectorId}',
  'DELETE /api/towers/{id}/sectors/{sectorId}',
  'GET /api/towers/{id}/footprint',
  'GET /api/towers/footprints',
  'GET /api/antenna_patterns',
  'GET /api/antenna_patterns/{id}',
  'GET /api/reports/dashboard',
  'GET /api/reports/searches',
  'GET /api/reports/leads',
  'GET /api/reports/lead_activity',
  'GET /api/reports/map_data',
  'GET /api/reports/providers',
  'GET /api/leads/{id}',
  'PATCH /api/leads/{id}',
]);

function allowed(role: UserRole, route: string): boolean {
  if (ACCOUNT.test(route) || role === 'owner') return true;
  if (OWNER_ONLY.test(route)) return false;
  if (role === 'admin') return true;
  if (role === 'viewer') return route.startsWith('GET ');
  return PROVIDER_EDITOR_ROUTES.has(route);
}

/** What a refusal says: the role and what it lacks. */
const REFUSAL = /^(Only an owner can manage|A viewer cannot change|A provider editor cannot (open|change)) [a-z ]+$/;

/** The admin routes of the OpenAPI document (the ones that need the bearer token), sign-out last (it ends the session, so the matrix runs after the other tests). */
async function adminRoutes(app: TestApp): Promise<string[]> {
  const document = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.security)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  return routes.sort((a, b) => Number(a === 'POST /api/auth/logout') - Number(b === 'POST /api/auth/logout'));
}

describe.each(databaseKinds())('every admin route as each role (%s)', (kind) => {
  let app: TestApp;
  let routes: string[];
  const tokens = new Map<UserRole, string>();
  let providerId: number;

  beforeAll(async () => {
    app = await createTestApp(kind);
    routes = await adminRoutes(app);
    const now = new Date().toISOString();
    ({ id: providerId } = await app.db.kysely
      .insertInto('providers')
      .values({ name: 'Fibre Co', created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow());
    tokens.set('owner', await signIn(app));
    tokens.set('admin', (await teamUser(app, { username: 'anna-admin', role: 'admin' })).token);
    tokens.set('viewer', (await teamUser(app, { username: 'vic-viewer', role: 'viewer' })).token);
    tokens.set('provider_editor', (await teamUser(app, { username: 'pat-editor', role: 'provider_editor', providerIds: [providerId] })).token);
  });
  afterAll(() => app?.close());

  it('has exactly one access rule for each admin route of the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect([...routes].sort()).toEqual(Object.keys(ROUTE_ACCESS).sort());
  });

  it('names what the role lacks', async () => {
    const refusal = async (role: UserRole, method: 'GET' | 'POST' | 'PUT', url: string) =>
      (await app.server.inject({ method, url, headers: bearer(tokens.get(role)!), ...(method === 'GET' ? {} : { payload: {} }) })).json().message;
    expect(await refusal('viewer', 'POST', '/api/towers')).toBe('A viewer cannot change towers');
    expect(await refusal('admin', 'GET', '/api/users')).toBe('Only an owner can manage users');
    expect(await refusal('provider_editor', 'GET', '/api/settings/radio')).toBe('A provider editor cannot open settings');
    expect(await refusal('provider_editor', 'PUT', '/api/settings/radio')).toBe('A provider editor cannot change settings');
  });

  /**
   * The provider's id for a read (a record that exists); a number naming nothing for a change, so
   * an allowed DELETE or PUT removes nothing the next requests need. Any answer but 403 proves
   * access was granted (a 400 for the empty body, a 404 for the id).
   */
  function urlOf(route: string): string {
    const [method, path] = route.split(' ') as [string, string];
    return path.replace(/\{\w+\}/g, method === 'GET' ? String(providerId) : '999999');
  }

  it.each(['owner', 'admin', 'viewer', 'provider_editor'] as const)('allows and refuses as designed for the role %s', async (role) => {
    const outcomes: string[] = [];
    for (const route of routes) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const response = await app.server.inject({
        method,
        url: urlOf(route),
        headers: bearer(tokens.get(role)!),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      const expected = allowed(role, route);
      if (expected && response.statusCode === 403) outcomes.push(`${route}: refused (${response.json().message}) but should be allowed`);
      if (!expected && response.statusCode !== 403) outcomes.push(`${route}: answered ${response.statusCode} but should be 403`);
      if (!expected && response.statusCode === 403 && !REFUSAL.test(response.json().message)) {
        outcomes.push(`${route}: refused with "${response.json().message}", which does not name what the role lacks`);
      }
    }
    expect(outcomes).toEqual([]);
  });
});

describe('the admin scope', () => {
  it('refuses to start with a route that has no access rule', async () => {
    const server = Fastify();
    const unlisted = adminScope({} as AuthService, [
      async (scope) => {
        scope.get('/api/reports/new-report', async () => ({}));
      },
    ]);
    await expect(server.register(unlisted).ready()).rejects.toThrow(
      'No access rule for GET /api/reports/new-report: add one to src/server/access/routeAccess.ts',
    );
    await server.close();
  });
});
