import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readyFootprint } from './support/footprints.js';
import { fibreKml, GREEN, ORANGE } from './support/kml.js';
import { type LocalServer, startLocalServer } from './support/localServer.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

// What served each search, as a visitor's browser logs it (check_coverage, then log_search with the
// providers the check listed), and how the dashboard, the searches report and its CSV count it.

/** A tower on flat ground whose 5 km reach serves WIRELESS and BOTH, and none of the others. */
const TOWER = { name: 'Flat Top', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 5 };
/** Each way a spot can be served, and one that nothing serves. */
const SPOTS = {
  /** Inside the live polygon of the fibre layer. */
  layer: { lat: -33.95, lng: 18.44 },
  /** Where only the provider's own API answers covered. */
  api: { lat: -34.6, lng: 19.0 },
  /** Where only the tower reaches. */
  wireless: { lat: -33.5, lng: 18.21 },
  /** The tower reaches, and the provider's API answers covered. */
  both: { lat: -33.5, lng: 18.22 },
  none: { lat: -33.9, lng: 18.9 },
} as const;
/** The spots the fake provider API covers, "lat,lng". */
const API_COVERED = new Set([`${SPOTS.api.lat},${SPOTS.api.lng}`, `${SPOTS.both.lat},${SPOTS.both.lng}`]);

describe.each(databaseKinds())('searches by what served them on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let api: LocalServer;

  beforeEach(async () => {
    api = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const covered = API_COVERED.has(`${url.searchParams.get('latitude')},${url.searchParams.get('longitude')}`);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ result: { covered, state: covered ? 'Active' : 'none' } }));
    });
    app = await createTestApp(kind, { env: { ALLOW_PRIVATE_FETCH: 'true' }, deps: { clock: new ManualClock(new Date('2026-11-20T10:00:00.000Z')) } });
    token = await signIn(app);
  });
  afterEach(async () => {
    await app.close();
    await api.close();
  });

  const get = async (url: string) => {
    const response = await app.server.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const send = async (url: string, fields: Record<string, string>, file?: { field: string; filename: string; contentType: string; bytes: Buffer }) => {
    const body = multipartBody(fields, file);
    const response = await app.server.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const check = async (spot: { lat: number; lng: number }) =>
    (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${spot.lat}&lng=${spot.lng}` })).json().data;

  /** The visitor's side: check the spot, then log the search with the providers the check listed, as the browser does. */
  async function visit(spot: { lat: number; lng: number }, session: string, searchType = 'address') {
    const result = await check(spot);
    const logged = await app.server.inject({
      method: 'POST',
      url: '/api/log_search',
      payload: { session_id: session, search_type: searchType, ...spot, coverage_providers: result.providers.map((p: { id: number }) => p.id) },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    return { coverageAvailable: result.coverage_available as boolean, id: logged.json().data.id as number };
  }

  async function serveEveryWay(): Promise<number> {
    const fibre = await send('/api/providers', { name: 'FibreCo' });
    const mappings = JSON.stringify([
      { color: ORANGE.hex, status: 'live', description: '' },
      { color: GREEN.hex, status: 'in_progress', description: '' },
    ]);
    await send(
      '/api/coverage_layers',
      { name: 'Fibre', provider_id: String(fibre.id), services: 'Fiber', color_mappings: mappings },
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    await send('/api/providers', {
      name: 'ApiCo',
      data_source: 'api_endpoint',
      api_endpoint_url: `${api.url}/coverage`,
      api_auth_type: 'none',
      api_fields_mapping: JSON.stringify({
        latitude_field: 'latitude',
        longitude_field: 'longitude',
        response_fields: { coverage_field: 'result.covered', coverage_condition: 'equals', coverage_value: true, status_field: 'result.state' },
      }),
    });
    const created = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    expect(created.statusCode, created.body).toBe(200);
    const towerId: number = created.json().data.id;
    await readyFootprint(app, token, towerId);
    return towerId;
  }

  it('stores what served each spot as check_coverage answered it, and splits the reports by it', async () => {
    const towerId = await serveEveryWay();
    const ids: Record<string, number> = {};
    const available: Record<string, boolean> = {};
    for (const [name, spot] of Object.entries(SPOTS)) {
      const { id, coverageAvailable } = await visit(spot, `visit-${name}-0000`);
      ids[name] = id;
      available[name] = coverageAvailable;
    }
    expect(available).toEqual({ layer: true, api: true, wireless: true, both: true, none: false });

    const stored = await app.db.kysely.selectFrom('search_logs').select(['id', 'provider_count', 'wireless_available']).orderBy('id').execute();
    expect(stored.map((row) => [row.provider_count, row.wireless_available])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 0],
    ]);
    const towers = await app.db.kysely.selectFrom('search_log_towers').select(['search_log_id', 'tower_id']).orderBy('search_log_id').execute();
    expect(towers).toEqual([
      { search_log_id: ids.wireless, tower_id: towerId },
      { search_log_id: ids.both, tower_id: towerId },
    ]);

    const period = 'start_date=2026-11-20&end_date=2026-11-20';
    const split = [
      { covered_by: 'provider', count: 3 },
      { covered_by: 'wireless_only', count: 1 },
      { covered_by: 'none', count: 1 },
    ];
    const dashboard = (await get(`/api/reports/dashboard?${period}`)).json().data;
    expect(dashboard.coverage_effectiveness).toEqual({ coverage_rate: 80, by_coverage: split });
    const searches = (await get(`/api/reports/searches?${period}`)).json().data;
    expect(searches.by_coverage).toEqual(split);
    expect(searches.days).toEqual([{ date: '2026-11-20', searches: 5, with_coverage: 4, without_coverage: 1 }]);

    const csv = (await get(`/api/reports/searches?${period}&format=csv`)).body.trim().split(/\r?\n/);
    expect(csv[0]).toBe('id,created_at,search_type,address,lat,lng,providers_found,action_taken,covered_by,towers_found');
    expect(csv.slice(1).map((line) => line.split(',').slice(-4))).toEqual([
      ['1', 'no_action', 'provider', '0'],
      ['1', 'no_action', 'provider', '0'],
      ['0', 'no_action', 'wireless_only', '1'],
      ['1', 'no_action', 'provider', '1'],
      ['0', 'no_action', 'none', '0'],
    ]);

    // The tower goes: a check there now finds nothing, and the stored search keeps what it was answered.
    const removed = await app.server.inject({ method: 'DELETE', url: `/api/towers/${towerId}`, headers: bearer(token) });
    expect(removed.statusCode, removed.body).toBe(200);
    await vi.waitFor(async () => expect((await check(SPOTS.wireless)).coverage_available).toBe(false), { timeout: 15_000, interval: 50 });
    expect((await get(`/api/reports/dashboard?${period}`)).json().data.coverage_effectiveness).toEqual({ coverage_rate: 80, by_coverage: split });
  });

  it('counts a search at a spot only a tower reaches as covered, by wireless, on the dashboard', async () => {
    const created = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    await readyFootprint(app, token, created.json().data.id);
    await visit(SPOTS.wireless, 'visit-tower-0000');
    const dashboard = (await get('/api/reports/dashboard?start_date=2026-11-20&end_date=2026-11-20')).json().data;
    expect(dashboard.overview.total_searches).toBe(1);
    expect(dashboard.coverage_effectiveness).toEqual({
      coverage_rate: 100,
      by_coverage: [
        { covered_by: 'provider', count: 0 },
        { covered_by: 'wireless_only', count: 1 },
        { covered_by: 'none', count: 0 },
      ],
    });
  });

  it('counts a spot only the long-range dish reaches as covered, by wireless', async () => {
    // Free space on flat ground: 3 km at 5.8 GHz loses 117.3 dB, so from -6 dBm and the tower's 17 dBi
    // the roof CPE (23 dBi) receives -83.3 dBm, under the -80 dBm it needs, and the dish (30 dBi) -76.3 dBm.
    const radio = (await get('/api/settings/radio')).json().data;
    const saved = await app.server.inject({
      method: 'PUT',
      url: '/api/settings/radio',
      headers: bearer(token),
      payload: { ...radio, model: 'free_space_knife_edge' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: { ...TOWER, power_dbm: -6 } });
    expect(created.statusCode, created.body).toBe(200);
    await readyFootprint(app, token, created.json().data.id);
    const dishOnly = { lat: TOWER.latitude, lng: TOWER.longitude + 3000 / (111_195 * Math.cos((TOWER.latitude * Math.PI) / 180)) };

    const answer = await check(dishOnly);
    expect(answer.coverage_available).toBe(true);
    expect(answer.wireless_feasibility.cpe_profile).toMatchObject({ is_default: false, gain_dbi: 30 });
    await visit(dishOnly, 'visit-dish-0000');
    const dashboard = (await get('/api/reports/dashboard?start_date=2026-11-20&end_date=2026-11-20')).json().data;
    expect(dashboard.coverage_effectiveness).toEqual({
      coverage_rate: 100,
      by_coverage: [
        { covered_by: 'provider', count: 0 },
        { covered_by: 'wireless_only', count: 1 },
        { covered_by: 'none', count: 0 },
      ],
    });
  });

  it('counts map clicks as their own search type', async () => {
    await visit(SPOTS.none, 'visit-typed-0000', 'address');
    await visit(SPOTS.layer, 'visit-click-0000', 'map_click');
    await visit(SPOTS.api, 'visit-click-0001', 'map_click');
    await visit(SPOTS.both, 'visit-place-0000', 'geolocation');
    const searches = (await get('/api/reports/searches?start_date=2026-11-20&end_date=2026-11-20')).json().data;
    expect(searches.by_search_type).toEqual([
      { search_type: 'address', count: 1 },
      { search_type: 'geolocation', count: 1 },
      { search_type: 'map_click', count: 2 },
    ]);
    const stored = await app.db.kysely.selectFrom('search_logs').select('search_type').orderBy('id').execute();
    expect(stored.map((row) => row.search_type)).toEqual(['address', 'map_click', 'map_click', 'geolocation']);
  });
});
