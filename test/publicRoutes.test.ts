import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.js';

/**
 * Every route that answers without a token. Anything else the server registers must answer 401
 * without one: a route added outside the admin scope (routes/adminScope.ts) by mistake fails here.
 * HEAD routes follow their GET.
 */
const PUBLIC_ROUTES = [
  // The OpenAPI document and its UI (@fastify/swagger-ui).
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/health',
  'GET /api/config',
  'POST /api/auth/login',
  'POST /api/auth/login/2fa',
  'POST /api/invitations/accept',
  'GET /api/providers/logo/:filename',
  'GET /api/check_coverage',
  'GET /api/coverage_map',
  'GET /api/coverage_tiles/:z/:x/:y.pbf',
  'GET /api/wireless_tiles/:z/:x/:y.pbf',
  'GET /api/wireless_feasibility',
  'GET /api/search_addresses',
  'GET /api/geocode',
  'POST /api/log_search',
  'POST /api/submit_lead',
  'POST /api/waitlist',
  'GET /api/waitlist/confirm',
  'POST /api/waitlist/confirm',
  'GET /api/waitlist/unsubscribe',
  'POST /api/waitlist/unsubscribe',
  'GET /api/zones',
];

interface Route {
  method: string;
  url: string;
}

/**
 * The routes in Fastify's printRoutes tree (commonPrefix: false): each line is a branch
 * ("├── " or "└── ") indented four characters per level, its path segment appended to its
 * parent's, then its methods in parentheses.
 */
function routesOf(tree: string): Route[] {
  const routes: Route[] = [];
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    parents.length = depth;
    const url = (parents[depth - 1] ?? '') + match[2];
    parents.push(url);
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

const isPublic = ({ method, url }: Route) => PUBLIC_ROUTES.includes(`${method === 'HEAD' ? 'GET' : method} ${url}`);
/** A URL that reaches the route: any value will do for its parameters, the token is checked first. */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace('*', 'x');
/** The OpenAPI path of a Fastify route URL: /api/towers/:id -> /api/towers/{id}. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('public routes and the admin scope', () => {
  let app: TestApp;
  let webRoot: string;
  let base: string;
  let routes: Route[];

  beforeAll(async () => {
    // An empty web root: the built app's static files (outside /api, public by nature) would
    // otherwise be routes or not depending on whether `npm run build` has run.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'no-web-app-'));
    app = await createTestApp('sqlite', { deps: { webRoot } });
    await app.server.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    routes = routesOf(app.server.printRoutes({ commonPrefix: false }));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('lists only public routes the server has', () => {
    const registered = new Set(routes.map(({ method, url }) => `${method} ${url}`));
    expect(PUBLIC_ROUTES.filter((route) => !registered.has(route))).toEqual([]);
  });

  it('answers 401 without a valid token on every other route', async () => {
    const admin = routes.filter((route) => !isPublic(route));
    expect(admin.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const { method, url } of admin) {
      for (const authorization of [undefined, 'Bearer not-a-real-token']) {
        const response = await fetch(base + concrete(url), { method, headers: authorization ? { authorization } : {} });
        const body = method === 'HEAD' ? null : ((await response.json()) as { success: boolean });
        answers.push(`${method} ${url} ${authorization ? 'bad token' : 'no token'}: ${response.status}${body && body.success !== false ? ' success' : ''}`);
      }
    }
    expect(answers.filter((answer) => !answer.endsWith(': 401'))).toEqual([]);
  });

  it('answers the public routes without a token', async () => {
    const answers: string[] = [];
    for (const route of routes.filter(isPublic)) {
      const response = await fetch(base + concrete(route.url), { method: route.method });
      await response.arrayBuffer();
      answers.push(`${route.method} ${route.url}: ${response.status}`);
    }
    expect(answers.filter((answer) => answer.endsWith(': 401'))).toEqual([]);
  });

  it('marks exactly the admin routes with the bearer requirement and their 401 in the OpenAPI document', async () => {
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content?: unknown }> }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${url}`, operation })),
    );
    const secured = operations.filter(({ operation }) => (operation.security ?? []).length > 0).map(({ key }) => key);
    const admin = routes.filter((route) => route.method !== 'HEAD' && !isPublic(route)).map(({ method, url }) => `${method} ${openApiPath(url)}`);
    expect(secured.sort()).toEqual(admin.sort());
    for (const { key, operation } of operations.filter(({ operation }) => operation.security)) {
      expect(operation.security, key).toEqual([{ bearerAuth: [] }]);
      // A route without response schemas keeps swagger's default 200 alone (adminScope.ts says why).
      const declaresResponses = Object.values(operation.responses).some(({ content }) => content !== undefined);
      if (declaresResponses) expect(Object.keys(operation.responses), key).toContain('401');
    }
  });
});
