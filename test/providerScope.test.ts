import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fibreKml } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One provider's records: the provider, a coverage layer, a tower and a sector of it. */
interface Owned {
  providerId: number;
  layerId: number;
  towerId: number;
  sectorId: number;
}

/** A request of the table: a route (the OpenAPI form) and what to send. */
interface ScopedCase {
  route: string;
  url: string;
  payload?: object;
  multipart?: { payload: Buffer; headers: Record<string, string> };
  status: number;
  message: string;
}

const kmlUpload = () => ({ field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) });
const PNG_LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const towerBody = (fields: Record<string, unknown>) => ({ name: 'Mast', latitude: -33.9, longitude: 18.4, height_meters: 30, ...fields });
const sectorBody = { name: 'North', azimuth_deg: 0, downtilt_deg: 2, antenna_pattern_id: 2 };

/**
 * Every request a provider editor of A might make with B's ids (or naming B as an owner), and its
 * answer: another provider's record is not found, in the words of a missing one, and a provider
 * outside the scope is refused as a missing provider is (400 "Provider not found").
 */
function casesAgainst(a: Owned, b: Owned): ScopedCase[] {
  const notFound = (route: string, url: string, message: string, body: Partial<ScopedCase> = {}): ScopedCase => ({ route, url, status: 404, message, ...body });
  const providerRefused = (route: string, url: string, payload: object): ScopedCase => ({ route, url, payload, status: 400, message: 'Provider not found' });
  return [
    notFound('GET /api/providers/{id}', `/api/providers/${b.providerId}`, 'Provider not found'),
    notFound('PUT /api/providers/{id}', `/api/providers/${b.providerId}`, 'Provider not found', {
      multipart: multipartBody({ name: 'Taken over' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: PNG_LOGO }),
    }),
    notFound('GET /api/providers/{id}/stats', `/api/providers/${b.providerId}/stats`, 'Provider not found'),
    notFound('POST /api/providers/{id}/sync-my-maps', `/api/providers/${b.providerId}/sync-my-maps`, 'Provider not found'),
    notFound('POST /api/test', '/api/test', 'Provider not found', {
      payload: { provider_id: b.providerId, api_endpoint_url: 'https://api.example.com/coverage' },
    }),
    notFound('GET /api/coverage_layers/{id}', `/api/coverage_layers/${b.layerId}`, 'Coverage layer not found'),
    notFound('PUT /api/coverage_layers/{id}', `/api/coverage_layers/${b.layerId}`, 'Coverage layer not found', { payload: { name: 'Taken over' } }),
    notFound('DELETE /api/coverage_layers/{id}', `/api/coverage_layers/${b.layerId}`, 'Coverage layer not found'),
    notFound('POST /api/coverage_layers/{id}/upload', `/api/coverage_layers/${b.layerId}/upload`, 'Coverage layer not found', {
      multipart: multipartBody({}, kmlUpload()),
    }),
    providerRefused('POST /api/coverage_layers', '/api/coverage_layers', { name: 'Planted', provider_id: b.providerId, services: ['Fibre'] }),
    providerRefused('PUT /api/coverage_layers/{id}', `/api/coverage_layers/${a.layerId}`, { provider_id: b.providerId }),
    notFound('GET /api/towers/{id}', `/api/towers/${b.towerId}`, 'Tower not found'),
    notFound('PUT /api/towers/{id}', `/api/towers/${b.towerId}`, 'Tower not found', { payload: { name: 'Taken over' } }),
    notFound('DELETE /api/towers/{id}', `/api/towers/${b.towerId}`, 'Tower not found'),
    notFound('GET /api/towers/{id}/footprint', `/api/towers/${b.towerId}/footprint`, 'Tower not found'),
    notFound('POST /api/towers/{id}/sectors', `/api/towers/${b.towerId}/sectors`, 'Tower not found', { payload: sectorBody }),
    notFound('PUT /api/towers/{id}/sectors/{sectorId}', `/api/towers/${b.towerId}/sectors/${b.sectorId}`, 'Tower not found', { payload: { name: 'Taken' } }),
    notFound('DELETE /api/towers/{id}/sectors/{sectorId}', `/api/towers/${b.towerId}/sectors/${b.sectorId}`, 'Tower not found'),
    providerRefused('POST /api/towers', '/api/towers', towerBody({ provider_id: b.providerId })),
    providerRefused('PUT /api/towers/{id}', `/api/towers/${a.towerId}`, { provider_id: b.providerId }),
  ].map((c) => ({ ...c, method: c.route.split(' ')[0] as Method }));
}

/** The routes of these resources that take no record id: lists (filtered, tested below) and the shared pattern catalogue. */
const LIST_ROUTES = ['GET /api/providers', 'GET /api/coverage_layers', 'GET /api/towers', 'GET /api/towers/footprints'];
const NO_RECORD_ROUTES = ['POST /api/providers/validate-my-maps-url', 'GET /api/antenna_patterns', 'GET /api/antenna_patterns/{id}'];
/**
 * Routes of these resources a provider editor may not call at all: the role table
 * (src/server/access/routeAccess.ts) answers them 403 before any record is read. Public routes
 * (the logos the map shows) are listed here too.
 */
const NOT_FOR_EDITORS = [
  'POST /api/providers',
  'DELETE /api/providers/{id}',
  'GET /api/providers/logo/{filename}',
  'POST /api/towers/bulk-import',
  'POST /api/towers/what-if',
  'POST /api/antenna_patterns',
  'PUT /api/antenna_patterns/{id}',
  'DELETE /api/antenna_patterns/{id}',
];
const RESOURCE_PREFIXES = ['/api/providers', '/api/coverage_layers', '/api/towers', '/api/antenna_patterns', '/api/test'];

describe.each(databaseKinds())('a provider editor on %s', (kind) => {
  let app: TestApp;
  let ownerToken: string;
  let editorToken: string;
  let a: Owned;
  let b: Owned;
  let operatorTowerId: number;

  const send = (token: string, method: Method, url: string, body: { payload?: object; multipart?: ScopedCase['multipart'] } = {}) =>
    app.server.inject({
      method,
      url,
      headers: { ...bearer(token), ...(body.multipart?.headers ?? {}) },
      ...(body.multipart ? { payload: body.multipart.payload } : body.payload === undefined ? {} : { payload: body.payload }),
    });
  const dataOf = async <T>(token: string, method: Method, url: string, body: { payload?: object; multipart?: ScopedCase['multipart'] } = {}) => {
    const response = await send(token, method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    return response.json().data as T;
  };
  const idsOf = async (token: string, url: string) => (await dataOf<Array<{ id: number }>>(token, 'GET', url)).map((record) => record.id).sort();

  /** A provider with a layer (a file uploaded), a tower of its own and a sector on it, made by the owner. */
  const seedProvider = async (name: string): Promise<Owned> => {
    const provider = await dataOf<{ id: number }>(ownerToken, 'POST', '/api/providers', { multipart: multipartBody({ name }) });
    const layer = await dataOf<{ id: number }>(ownerToken, 'POST', '/api/coverage_layers', {
      multipart: multipartBody({ name: `${name} fibre`, provider_id: String(provider.id), services: 'Fibre' }, kmlUpload()),
    });
    const tower = await dataOf<{ id: number }>(ownerToken, 'POST', '/api/towers', { payload: towerBody({ name: `${name} mast`, provider_id: provider.id }) });
    const sector = await dataOf<{ id: number }>(ownerToken, 'POST', `/api/towers/${tower.id}/sectors`, { payload: sectorBody });
    return { providerId: provider.id, layerId: layer.id, towerId: tower.id, sectorId: sector.id };
  };

  beforeEach(async () => {
    app = await createTestApp(kind);
    ownerToken = await signIn(app);
    a = await seedProvider('Alpha');
    b = await seedProvider('Bravo');
    operatorTowerId = (await dataOf<{ id: number }>(ownerToken, 'POST', '/api/towers', { payload: towerBody({ name: 'Operator mast' }) })).id;
    editorToken = (await teamUser(app, { username: 'alpha-editor', role: 'provider_editor', providerIds: [a.providerId] })).token;
  });
  afterEach(() => app.close());

  it("lists only their provider's records, while an owner lists everyone's", async () => {
    expect(await idsOf(editorToken, '/api/providers')).toEqual([a.providerId]);
    expect(await idsOf(editorToken, '/api/coverage_layers')).toEqual([a.layerId]);
    expect(await idsOf(editorToken, '/api/towers')).toEqual([a.towerId]);
    expect(await idsOf(ownerToken, '/api/providers')).toEqual([a.providerId, b.providerId].sort());
    expect(await idsOf(ownerToken, '/api/coverage_layers')).toEqual([a.layerId, b.layerId].sort());
    expect(await idsOf(ownerToken, '/api/towers')).toEqual([a.towerId, b.towerId, operatorTowerId].sort());

    // An editor left without providers reaches nothing (an empty scope, not every provider).
    const { token: unassigned } = await teamUser(app, { username: 'unassigned-editor', role: 'provider_editor' });
    for (const url of ['/api/providers', '/api/coverage_layers', '/api/towers', '/api/towers/footprints'])
      expect(await dataOf(unassigned, 'GET', url), url).toEqual([]);

    const footprintTowers = async (token: string) =>
      (await dataOf<Array<{ tower_id: number }>>(token, 'GET', '/api/towers/footprints')).map((state) => state.tower_id).sort();
    const everyTower = [a.towerId, b.towerId, operatorTowerId].sort();
    await vi.waitFor(async () => expect(await footprintTowers(ownerToken)).toEqual(everyTower), { timeout: 15_000, interval: 50 });
    expect(await footprintTowers(editorToken)).toEqual([a.towerId]);
  });

  it("answers every route given another provider's id as a missing record, and changes nothing of it", async () => {
    const ownerViewOfB = async () => ({
      provider: await dataOf(ownerToken, 'GET', `/api/providers/${b.providerId}`),
      layer: await dataOf(ownerToken, 'GET', `/api/coverage_layers/${b.layerId}`),
      tower: await dataOf(ownerToken, 'GET', `/api/towers/${b.towerId}`),
    });
    const before = await ownerViewOfB();
    for (const c of casesAgainst(a, b)) {
      const response = await send(editorToken, c.route.split(' ')[0] as Method, c.url, c);
      expect([response.statusCode, response.json().message], `${c.route} (${c.url})`).toEqual([c.status, c.message]);
    }
    expect(await ownerViewOfB()).toEqual(before);
    // A's layer and tower were not moved to B either.
    expect(await dataOf(ownerToken, 'GET', `/api/coverage_layers/${a.layerId}`)).toMatchObject({ provider_id: a.providerId });
    expect(await dataOf(ownerToken, 'GET', `/api/towers/${a.towerId}`)).toMatchObject({ provider_id: a.providerId });
  });

  it("keeps an editor's towers theirs: not the operator's, not unowned", async () => {
    const cases: Array<[Method, string, object]> = [
      ['POST', '/api/towers', towerBody({})],
      ['POST', '/api/towers', towerBody({ provider_id: null })],
      ['PUT', `/api/towers/${a.towerId}`, { provider_id: null }],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(editorToken, method, url, { payload });
      expect([response.statusCode, response.json().message], `${method} ${url} ${JSON.stringify(payload)}`).toEqual([
        400,
        "Choose one of your providers as the tower's owner",
      ]);
    }
    const operators = await send(editorToken, 'GET', `/api/towers/${operatorTowerId}`);
    expect([operators.statusCode, operators.json().message]).toEqual([404, 'Tower not found']);
    expect(await idsOf(ownerToken, '/api/towers')).toEqual([a.towerId, b.towerId, operatorTowerId].sort());
  });

  it('lets the editor read and change their own provider, layers, towers and sectors', async () => {
    expect(await dataOf(editorToken, 'GET', `/api/providers/${a.providerId}/stats`)).toMatchObject({ provider_id: a.providerId, coverage_layers: 1 });
    expect(
      await dataOf(editorToken, 'PUT', `/api/providers/${a.providerId}`, {
        multipart: multipartBody({ name: 'Alpha Networks' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: PNG_LOGO }),
      }),
    ).toMatchObject({ name: 'Alpha Networks', logo_filename: expect.stringMatching(/\.png$/) });
    expect(await dataOf(editorToken, 'PUT', `/api/coverage_layers/${a.layerId}`, { payload: { name: 'Alpha fibre 2' } })).toMatchObject({
      name: 'Alpha fibre 2',
    });
    expect(await dataOf(editorToken, 'POST', `/api/coverage_layers/${a.layerId}/upload`, { multipart: multipartBody({}, kmlUpload()) })).toMatchObject({
      id: a.layerId,
      kml_data: true,
    });
    const added = await dataOf<{ id: number; provider_id: number }>(editorToken, 'POST', '/api/towers', {
      payload: towerBody({ name: 'New', provider_id: a.providerId }),
    });
    expect(added.provider_id).toBe(a.providerId);
    expect(await dataOf(editorToken, 'PUT', `/api/towers/${a.towerId}`, { payload: { name: 'Alpha mast 2' } })).toMatchObject({
      name: 'Alpha mast 2',
      provider_id: a.providerId,
    });
    expect(await dataOf(editorToken, 'PUT', `/api/towers/${a.towerId}/sectors/${a.sectorId}`, { payload: { azimuth_deg: 90 } })).toMatchObject({
      azimuth_deg: 90,
    });
    await dataOf(editorToken, 'POST', `/api/towers/${added.id}/sectors`, { payload: sectorBody });
    await dataOf(editorToken, 'DELETE', `/api/towers/${added.id}`);
    await dataOf(editorToken, 'GET', '/api/antenna_patterns');
    expect(await idsOf(editorToken, '/api/towers')).toEqual([a.towerId]);
  });

  it('leaves no documented route of providers, layers and towers unclassified (a new one needs a row above)', async () => {
    const doc = (await app.server.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => RESOURCE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toContain('DELETE /api/towers/{id}/sectors/{sectorId}');
    const classified = new Set([...casesAgainst(a, b).map((c) => c.route), ...LIST_ROUTES, ...NO_RECORD_ROUTES, ...NOT_FOR_EDITORS]);
    expect(documented.filter((route) => !classified.has(route))).toEqual([]);
  });
});
