import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toCount } from '../src/server/db/dialect.js';
import { type NewSearchLog, SearchLogRepository } from '../src/server/leads/searchLogRepository.js';
import { coveredFlag, isCovered, isSearch, isUncovered, isWirelessOnly } from '../src/server/leads/searchRule.js';
import { waitForFootprints } from './support/footprints.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

// leads/searchRule.ts: what counts as a search (not a follow-up) and when it was covered (a
// provider's layer or own API, or a tower), with known answers for each way a spot can be served.

const at = (lat: number, lng: number, createdAt: string): NewSearchLog => ({
  session_id: `visit-${createdAt.slice(11, 13)}aaaaaa`,
  search_type: 'address',
  lat,
  lng,
  address: null,
  action_taken: 'no_action',
  created_at: createdAt,
});

describe.each(databaseKinds())('the search rule on %s', (kind) => {
  let app: TestApp;
  let logs: SearchLogRepository;
  beforeEach(async () => {
    app = await createTestApp(kind);
    logs = new SearchLogRepository(app.db.kysely);
  });
  afterEach(() => app.close());

  /** Stores one search for each way a spot can be served, one unserved, a follow-up of that one and one without a point. */
  async function seed() {
    const kysely = app.db.kysely;
    const store = (log: NewSearchLog, found: Parameters<SearchLogRepository['insert']>[1], followUpOf: number | null = null) =>
      kysely.transaction().execute((trx) => logs.insert(log, found, followUpOf, trx));
    const layer = await store(at(-33.51, 18.41, '2026-11-20T10:00:00.000Z'), {
      providers: [{ provider_id: 1, service_status: 'live' }],
      wireless: false,
      towers: [],
    });
    const api = await store(at(-33.52, 18.42, '2026-11-20T11:00:00.000Z'), {
      providers: [{ provider_id: 2, service_status: null }],
      wireless: false,
      towers: [],
    });
    const wireless = await store(at(-33.53, 18.43, '2026-11-20T12:00:00.000Z'), { providers: [], wireless: true, towers: [7] });
    const both = await store(at(-33.54, 18.44, '2026-11-20T13:00:00.000Z'), {
      providers: [{ provider_id: 1, service_status: 'coming_soon' }],
      wireless: true,
      towers: [7, 8],
    });
    const unserved = await store(at(-33.55, 18.45, '2026-11-20T14:00:00.000Z'), { providers: [], wireless: false, towers: [] });
    const followUp = await store(
      { ...at(-33.55, 18.45, '2026-11-20T14:05:00.000Z'), action_taken: 'contact_me' },
      { providers: [], wireless: false, towers: [] },
      unserved,
    );
    const nowhere = await store({ ...at(0, 0, '2026-11-20T15:00:00.000Z'), lat: null, lng: null }, { providers: [], wireless: false, towers: [] });
    return { layer, api, wireless, both, unserved, followUp, nowhere };
  }

  it('counts follow-ups out, and a search as covered when a layer, a provider API or a tower served its spot', async () => {
    const ids = await seed();
    const kysely = app.db.kysely;
    const covered = await kysely
      .selectFrom('search_logs')
      .select(['id', coveredFlag().as('covered')])
      .where(isSearch())
      .orderBy('id')
      .execute();
    expect(covered.map((row) => [row.id, Number(row.covered)])).toEqual([
      [ids.layer, 1],
      [ids.api, 1],
      [ids.wireless, 1],
      [ids.both, 1],
      [ids.unserved, 0],
      [ids.nowhere, 0],
    ]);
    const idsWhere = async (rule: typeof isCovered) =>
      (await kysely.selectFrom('search_logs as s').select('s.id').where(isSearch('s')).where(rule('s')).orderBy('s.id').execute()).map((row) => row.id);
    expect(await idsWhere(isCovered)).toEqual([ids.layer, ids.api, ids.wireless, ids.both]);
    expect(await idsWhere(isUncovered)).toEqual([ids.unserved, ids.nowhere]);
  });

  it('keeps the roll-ups by the same rule, also when a search takes an action later', async () => {
    const ids = await seed();
    await app.db.kysely.transaction().execute((trx) => logs.recordAction(ids.wireless, 'sign_up', trx));
    const rows = await app.db.kysely
      .selectFrom('search_stats_daily')
      .select(['action_taken', 'covered', 'searches'])
      .where('searches', '>', 0)
      .orderBy('action_taken')
      .orderBy('covered')
      .execute();
    expect(rows.map((row) => ({ ...row, searches: toCount(row.searches) }))).toEqual([
      { action_taken: 'no_action', covered: 0, searches: 2 },
      { action_taken: 'no_action', covered: 1, searches: 3 },
      { action_taken: 'sign_up', covered: 1, searches: 1 },
    ]);
  });

  it('keeps wireless-only searches apart in the roll-ups, and the towers that served each search', async () => {
    const ids = await seed();
    const rows = await app.db.kysely
      .selectFrom('search_stats_hourly')
      .select(['hour', 'covered', 'wireless_only', 'searches'])
      .where('searches', '>', 0)
      .orderBy('hour')
      .execute();
    expect(rows.map((row) => ({ ...row, searches: toCount(row.searches) }))).toEqual([
      { hour: '2026-11-20T10', covered: 1, wireless_only: 0, searches: 1 },
      { hour: '2026-11-20T11', covered: 1, wireless_only: 0, searches: 1 },
      { hour: '2026-11-20T12', covered: 1, wireless_only: 1, searches: 1 },
      { hour: '2026-11-20T13', covered: 1, wireless_only: 0, searches: 1 },
      { hour: '2026-11-20T14', covered: 0, wireless_only: 0, searches: 1 },
      { hour: '2026-11-20T15', covered: 0, wireless_only: 0, searches: 1 },
    ]);
    const towers = await app.db.kysely
      .selectFrom('search_log_towers')
      .select(['search_log_id', 'tower_id'])
      .orderBy('search_log_id')
      .orderBy('tower_id')
      .execute();
    expect(towers).toEqual([
      { search_log_id: ids.wireless, tower_id: 7 },
      { search_log_id: ids.both, tower_id: 7 },
      { search_log_id: ids.both, tower_id: 8 },
    ]);
    const wirelessOnly = await app.db.kysely.selectFrom('search_logs').select('id').where(isSearch()).where(isWirelessOnly()).execute();
    expect(wirelessOnly.map((row) => row.id)).toEqual([ids.wireless]);
  });

  it('answers footprints the uncovered searches in a box, follow-ups and served spots left out', async () => {
    await seed();
    const box = { south: -34, west: 18, north: -33, east: 19 };
    expect(await logs.uncoveredSearchesIn(box, 10)).toEqual([{ lat: -33.55, lng: 18.45 }]);
    expect(await logs.uncoveredSearchesIn({ ...box, north: -33.6 }, 10)).toEqual([]);
  });

  it('logs a search that only a tower serves as covered', async () => {
    const token = await signIn(app);
    const tower = { name: 'Flat Top', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 5 };
    const created = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: tower });
    expect(created.statusCode, created.body).toBe(200);
    await waitForFootprints(app, token);
    const near = { lat: -33.5, lng: 18.21 };
    const check = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${near.lat}&lng=${near.lng}` })).json().data;
    expect(check).toMatchObject({ total_providers: 0, coverage_available: true });
    const logged = await app.server.inject({
      method: 'POST',
      url: '/api/log_search',
      payload: { session_id: 'visit-toweraaa', search_type: 'address', ...near },
    });
    expect(logged.statusCode, logged.body).toBe(200);
    const far = await app.server.inject({
      method: 'POST',
      url: '/api/log_search',
      payload: { session_id: 'visit-farawaya', search_type: 'address', lat: -33.9, lng: 18.9 },
    });
    expect(far.statusCode, far.body).toBe(200);
    const stored = await app.db.kysely
      .selectFrom('search_logs')
      .select(['id', 'provider_count', coveredFlag().as('covered')])
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.provider_count, Number(row.covered)])).toEqual([
      [0, 1],
      [0, 0],
    ]);
    const dashboard = (await app.server.inject({ method: 'GET', url: '/api/reports/dashboard', headers: bearer(token) })).json().data;
    expect(dashboard).toMatchObject({ overview: { total_searches: 2 }, coverage_effectiveness: { coverage_rate: 50 } });
  });
});
