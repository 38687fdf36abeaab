import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyFootprint } from './support/footprints.js';
import { kmlDocument, ORANGE, placemark, square, style } from './support/kml.js';
import { logSearch, providerWithLayer, type Spot, submitLead } from './support/publicVisits.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

// A provider editor's reports and leads (issue 22): two providers, AlphaNet (A) and BetaFibre (B),
// and a tower A owns; searches each way a spot can be served; leads for A, for B and a general
// inquiry. An editor of A gets exactly A's figures on every report and lead route, never B's lead.

/** A tower on flat ground whose 5 km reach serves the WIRELESS and TOWER_AND_B spots. */
const TOWER = { name: 'Alpha Mast', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 5 };
/** Each spot in its own 0.01 deg square of the layers named (degrees). */
const SPOTS = {
  onlyA: { lat: -34.0, lng: 18.0 },
  onlyB: { lat: -34.2, lng: 18.0 },
  both: { lat: -34.4, lng: 18.0 },
  /** Only A's tower reaches it: a wireless-only search, A's through the tower. */
  wireless: { lat: -33.5, lng: 18.21 },
  /** B's layer covers it and A's tower reaches it: B appeared, so it is B's search, not A's. */
  towerAndB: { lat: -33.5, lng: 18.22 },
  none: { lat: -34.6, lng: 19.5 },
} as const;
const PERIOD = 'start_date=2026-11-20&end_date=2026-11-21';

function layerKml(spots: Spot[]): string {
  return kmlDocument(style('live', ORANGE.kml), ...spots.map((spot, i) => placemark(`Area ${i}`, 'live', square(spot.lng, spot.lat, 0.005))));
}

describe.each(databaseKinds())('a provider editor on the reports and leads on %s', (kind) => {
  let app: TestApp;
  let owner: string;
  let clock: ManualClock;
  let a: number;
  let b: number;
  let towerId: number;
  let searches: Record<string, number>;
  let leads: { a: number; b: number; general: number };
  /** Editors of A, of A and B, and of no provider. */
  let alpha: string;
  let alphaAndBeta: string;
  let nobody: string;

  const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
  const call = (token: string, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    app.server.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = async (token: string, url: string) => {
    const response = await call(token, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };
  const csvRows = async (token: string, url: string) => {
    const response = await call(token, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.body.trim().split('\r\n').slice(1);
  };

  const provider = (name: string, spots: Spot[]) =>
    providerWithLayer(app, owner, {
      name,
      signupUrl: `https://${name.toLowerCase()}.example/join`,
      layerName: `${name} fibre`,
      kml: layerKml(spots),
      filename: 'areas.kml',
      colors: [{ color: ORANGE.hex, status: 'live' }],
    });
  const search = (session: string, spot: Spot, searchType = 'address') => logSearch(app, session, spot, { search_type: searchType });
  const lead = (payload: Record<string, unknown>) => submitLead(app, payload);

  // One seeding per database (a tower footprint and two layers take seconds): the tests only read,
  // but for the lead PATCH and the tower-owner test, which each undo what they change.
  beforeAll(async () => {
    clock = new ManualClock(new Date('2026-11-19T09:00:00.000Z'));
    app = await createTestApp(kind, { deps: { clock } });
    owner = await signIn(app);
    a = await provider('AlphaNet', [SPOTS.onlyA, SPOTS.both]);
    b = await provider('BetaFibre', [SPOTS.onlyB, SPOTS.both, SPOTS.towerAndB]);
    const tower = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(owner), payload: TOWER });
    expect(tower.statusCode, tower.body).toBe(200);
    towerId = tower.json().data.id;
    await readyFootprint(app, owner, towerId);
    // The tower API learns its owner in another part of issue 22; the column is what counts here.
    await app.db.kysely.updateTable('towers').set({ provider_id: a }).where('id', '=', towerId).execute();

    at('2026-11-20T10:00:00.000Z');
    searches = { onlyA: await search('visit-onlya-0000', SPOTS.onlyA) };
    const leadA = await lead({ provider_id: a, lead_type: 'sign_up', search_id: searches.onlyA, email: 'a@example.com' });
    at('2026-11-20T10:05:00.000Z');
    searches.onlyB = await search('visit-onlyb-0000', SPOTS.onlyB);
    const leadB = await lead({ provider_id: b, lead_type: 'contact_request', search_id: searches.onlyB, email: 'b@example.com' });
    at('2026-11-20T11:00:00.000Z');
    searches.both = await search('visit-both-00000', SPOTS.both);
    at('2026-11-20T12:00:00.000Z');
    searches.wireless = await search('visit-wireless-0', SPOTS.wireless);
    at('2026-11-20T13:00:00.000Z');
    searches.towerAndB = await search('visit-towerb-000', SPOTS.towerAndB);
    at('2026-11-20T14:00:00.000Z');
    searches.none = await search('visit-none-00000', SPOTS.none);
    const general = await lead({ provider_id: 0, lead_type: 'contact_request', search_id: searches.none, email: 'g@example.com' });
    at('2026-11-21T23:30:00.000Z');
    searches.lateA = await search('visit-latea-0000', SPOTS.onlyA, 'geolocation');
    at('2026-11-22T08:00:00.000Z');
    leads = { a: leadA, b: leadB, general };
    // A session lasts less than the days seeded: everyone signs in now.
    owner = await signIn(app);
    alpha = (await teamUser(app, { username: 'alpha-editor', role: 'provider_editor', providerIds: [a] })).token;
    alphaAndBeta = (await teamUser(app, { username: 'both-editor', role: 'provider_editor', providerIds: [a, b] })).token;
    nobody = (await teamUser(app, { username: 'no-provider-editor', role: 'provider_editor', providerIds: [] })).token;
  });
  afterAll(() => app.close());

  it('gives an editor of A only the searches A appeared in or A’s tower alone served, and A’s leads, on the dashboard', async () => {
    const token = alpha;
    const dashboard = await get(token, `/api/reports/dashboard?${PERIOD}`);
    expect(dashboard).toEqual({
      overview: { total_searches: 4, total_leads: 1, conversion_rate: 25 },
      coverage_effectiveness: {
        coverage_rate: 100,
        by_coverage: [
          { covered_by: 'provider', count: 3 },
          { covered_by: 'wireless_only', count: 1 },
          { covered_by: 'none', count: 0 },
        ],
      },
      searches_by_action: [
        // The sign-up lead marks the search it came from.
        { action: 'no_action', count: 3 },
        { action: 'sign_up', count: 1 },
        { action: 'contact_me', count: 0 },
      ],
      top_providers: [{ provider_id: a, provider_name: 'AlphaNet', count: 3 }],
      period: { start_date: '2026-11-20', end_date: '2026-11-21' },
      searches_per_day: [
        { date: '2026-11-20', searches: 3 },
        { date: '2026-11-21', searches: 1 },
      ],
    });
  });

  it('leaves the owner’s dashboard as the whole map: every search, lead and provider', async () => {
    const dashboard = await get(owner, `/api/reports/dashboard?${PERIOD}`);
    expect(dashboard.overview).toEqual({ total_searches: 7, total_leads: 3, conversion_rate: 42.9 });
    expect(dashboard.coverage_effectiveness.by_coverage).toEqual([
      { covered_by: 'provider', count: 5 },
      { covered_by: 'wireless_only', count: 1 },
      { covered_by: 'none', count: 1 },
    ]);
    expect(dashboard.top_providers).toEqual([
      { provider_id: a, provider_name: 'AlphaNet', count: 3 },
      { provider_id: b, provider_name: 'BetaFibre', count: 3 },
    ]);
    expect(dashboard.searches_per_day).toEqual([
      { date: '2026-11-20', searches: 6 },
      { date: '2026-11-21', searches: 1 },
    ]);
    expect((await get(owner, `/api/reports/providers?${PERIOD}`)).providers).toEqual([
      { provider_id: a, provider_name: 'AlphaNet', searches: 3, leads: 1, conversion_rate: 33.3 },
      { provider_id: b, provider_name: 'BetaFibre', searches: 3, leads: 1, conversion_rate: 33.3 },
    ]);
    expect((await get(owner, `/api/reports/leads?${PERIOD}`)).total).toBe(3);
  });

  it('counts A’s searches, providers row, lead activity and demand map for an editor of A', async () => {
    const token = alpha;
    expect(await get(token, `/api/reports/searches?${PERIOD}`)).toEqual({
      period: { start_date: '2026-11-20', end_date: '2026-11-21' },
      days: [
        { date: '2026-11-20', searches: 3, with_coverage: 3, without_coverage: 0 },
        { date: '2026-11-21', searches: 1, with_coverage: 1, without_coverage: 0 },
      ],
      by_coverage: [
        { covered_by: 'provider', count: 3 },
        { covered_by: 'wireless_only', count: 1 },
        { covered_by: 'none', count: 0 },
      ],
      by_search_type: [
        { search_type: 'address', count: 3 },
        { search_type: 'geolocation', count: 1 },
        { search_type: 'map_click', count: 0 },
      ],
    });
    expect((await get(token, `/api/reports/providers?${PERIOD}`)).providers).toEqual([
      { provider_id: a, provider_name: 'AlphaNet', searches: 3, leads: 1, conversion_rate: 33.3 },
    ]);
    const activity = await get(token, `/api/reports/lead_activity?${PERIOD}`);
    expect(activity.days).toEqual([
      { date: '2026-11-20', sign_up: 1, contact_request: 0 },
      { date: '2026-11-21', sign_up: 0, contact_request: 0 },
    ]);
    expect(activity.by_type).toEqual([
      { lead_type: 'sign_up', count: 1 },
      { lead_type: 'contact_request', count: 0 },
    ]);
    expect(activity.by_provider).toEqual([{ provider_id: a, provider_name: 'AlphaNet', count: 1 }]);
    const map = await get(token, `/api/reports/map_data?${PERIOD}&zoom=10`);
    const cellCount = (cells: { count: number }[]) => cells.reduce((sum, cell) => sum + cell.count, 0);
    expect(cellCount(map.cells)).toBe(4);
    expect(map.cells.every((cell: { without_coverage: number }) => cell.without_coverage === 0)).toBe(true);
    expect(map.hotspots).toEqual([]);
    const whole = await get(owner, `/api/reports/map_data?${PERIOD}&zoom=10`);
    expect(cellCount(whole.cells)).toBe(7);
    expect(whole.hotspots).toHaveLength(1);
  });

  it('exports only A’s searches, leads and providers row as CSV to an editor of A', async () => {
    const token = alpha;
    const ids = (rows: string[]) => rows.map((row) => Number(row.split(',')[0]));
    expect(ids(await csvRows(token, `/api/reports/searches?${PERIOD}&format=csv`))).toEqual([searches.onlyA, searches.both, searches.wireless, searches.lateA]);
    expect(ids(await csvRows(token, `/api/reports/leads?${PERIOD}&format=csv`))).toEqual([leads.a]);
    expect(ids(await csvRows(token, `/api/reports/providers?${PERIOD}&format=csv`))).toEqual([a]);
    expect(await csvRows(owner, `/api/reports/searches?${PERIOD}&format=csv`)).toHaveLength(7);
    // providers_found, covered_by and towers_found (the last four columns but action_taken) count A's only for its editor.
    const found = async (as: string, searchId: number) => {
      const row = (await csvRows(as, `/api/reports/searches?${PERIOD}&format=csv`)).find((line) => Number(line.split(',')[0]) === searchId)!;
      const columns = row.split(',');
      return { providers: Number(columns.at(-4)), coveredBy: columns.at(-2), towers: Number(columns.at(-1)) };
    };
    expect(await found(token, searches.both!)).toEqual({ providers: 1, coveredBy: 'provider', towers: 0 });
    expect(await found(owner, searches.both!)).toEqual({ providers: 2, coveredBy: 'provider', towers: 0 });
    expect(await found(token, searches.wireless!)).toEqual({ providers: 0, coveredBy: 'wireless_only', towers: 1 });
  });

  it('lists only A’s leads in the inbox, whatever provider filter the editor asks for', async () => {
    const token = alpha;
    const inbox = await get(token, `/api/reports/leads?${PERIOD}`);
    expect(inbox.total).toBe(1);
    expect(inbox.leads.map((row: { id: number }) => row.id)).toEqual([leads.a]);
    for (const providerId of [b, 0]) {
      expect(await get(token, `/api/reports/leads?${PERIOD}&provider_id=${providerId}`)).toMatchObject({ total: 0, leads: [], next_cursor: null });
    }
    expect((await get(token, `/api/reports/leads?${PERIOD}&provider_id=${a}`)).total).toBe(1);
  });

  it('answers 404 for B’s lead and a general inquiry to an editor of A, by GET and PATCH, and changes nothing', async () => {
    const token = alpha;
    for (const id of [leads.b, leads.general]) {
      const read = await call(token, 'GET', `/api/leads/${id}`);
      expect(read.statusCode, read.body).toBe(404);
      expect(read.json()).toEqual({ success: false, message: 'Lead not found' });
      const change = await call(token, 'PATCH', `/api/leads/${id}`, { status: 'closed', notes: 'Not ours' });
      expect(change.statusCode, change.body).toBe(404);
      expect(change.json()).toEqual({ success: false, message: 'Lead not found' });
      expect(await get(owner, `/api/leads/${id}`)).toMatchObject({ id, status: 'new', notes: null, updated_at: expect.stringMatching(/^2026-11-20T1/) });
    }
    expect(await get(token, `/api/leads/${leads.a}`)).toMatchObject({ id: leads.a, provider_id: a, provider_name: 'AlphaNet' });
    const changed = await call(token, 'PATCH', `/api/leads/${leads.a}`, { status: 'contacted', notes: 'Called back' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ id: leads.a, status: 'contacted', notes: 'Called back' });
    expect((await call(owner, 'PATCH', `/api/leads/${leads.a}`, { status: 'new', notes: null })).statusCode).toBe(200);
  });

  it('counts a search found by both of an editor’s providers once', async () => {
    const dashboard = await get(alphaAndBeta, `/api/reports/dashboard?${PERIOD}`);
    // Everything but the uncovered search: the search both appeared in once, the tower's two searches once each.
    expect(dashboard.overview).toEqual({ total_searches: 6, total_leads: 2, conversion_rate: 33.3 });
    expect(dashboard.top_providers).toEqual([
      { provider_id: a, provider_name: 'AlphaNet', count: 3 },
      { provider_id: b, provider_name: 'BetaFibre', count: 3 },
    ]);
  });

  it('gives a wireless-only search to nobody while its tower has no owner, and an editor of no provider nothing', async () => {
    const setOwner = (providerId: number | null) => app.db.kysely.updateTable('towers').set({ provider_id: providerId }).where('id', '=', towerId).execute();
    await setOwner(null);
    try {
      expect((await get(alpha, `/api/reports/dashboard?${PERIOD}`)).coverage_effectiveness.by_coverage).toEqual([
        { covered_by: 'provider', count: 3 },
        { covered_by: 'wireless_only', count: 0 },
        { covered_by: 'none', count: 0 },
      ]);
    } finally {
      await setOwner(a);
    }
    expect((await get(nobody, `/api/reports/dashboard?${PERIOD}`)).overview).toEqual({ total_searches: 0, total_leads: 0, conversion_rate: 0 });
    expect((await get(nobody, `/api/reports/providers?${PERIOD}`)).providers).toEqual([]);
    expect((await get(nobody, `/api/reports/leads?${PERIOD}`)).total).toBe(0);
  });
});
