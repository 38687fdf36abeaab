import { afterEach, describe, expect, it } from 'vitest';
import { fibreKml, GREEN, ORANGE } from './support/kml.js';
import { logSearch, providerWithLayer, type Spot, submitLead } from './support/publicVisits.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/** Points of the fibre test KML: live orange, its hole (no coverage), in-progress green, and far away. */
const ORANGE_POINT = { lat: -33.95, lng: 18.44 };
const HOLE_POINT = { lat: -33.92, lng: 18.42 };
const GREEN_POINT = { lat: -33.92, lng: 18.7 };

describe.each(databaseKinds())('reports on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let clock: ManualClock;

  async function start(env: Record<string, string> = {}, now = '2026-11-22T08:00:00.000Z'): Promise<void> {
    clock = new ManualClock(new Date(now));
    app = await createTestApp(kind, { env, deps: { clock } });
    token = await signIn(app);
  }
  afterEach(() => app.close());

  const at = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
  const get = async (url: string) => {
    const response = await app.server.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  const fibreProvider = (name = 'FibreCo') =>
    providerWithLayer(app, token, {
      name,
      signupUrl: 'https://fibre.example/join',
      layerName: 'Fibre',
      kml: fibreKml(),
      filename: 'fibre.kml',
      colors: [
        { color: ORANGE.hex, status: 'live' },
        { color: GREEN.hex, status: 'in_progress' },
      ],
    });
  const search = (session: string, point: Spot, extra: Record<string, unknown> = {}) => logSearch(app, session, point, extra);
  const lead = (payload: Record<string, unknown>) => submitLead(app, payload);

  /**
   * On 20 November (UTC): a covered search with a sign-up lead and the browser's contact_me
   * follow-up; a search without coverage with a general inquiry; a covered geolocation search.
   * A lead with no search. On 21 November at 23:30 UTC a covered search.
   */
  async function seed() {
    const fibre = await fibreProvider();
    await fibreProvider('OtherCo').then((id) => app.server.inject({ method: 'DELETE', url: `/api/coverage_layers/${id}`, headers: bearer(token) }));
    at('2026-11-20T10:00:00.000Z');
    const a = await search('visit-aaaaaaaa', ORANGE_POINT);
    const signUp = await lead({ provider_id: fibre, lead_type: 'sign_up', search_id: a });
    await search('visit-aaaaaaaa', ORANGE_POINT, { action_taken: 'contact_me' });
    at('2026-11-20T11:00:00.000Z');
    const b = await search('visit-bbbbbbbb', HOLE_POINT);
    const inquiry = await lead({ provider_id: 0, lead_type: 'contact_request', search_id: b, name: '=HYPERLINK("x")' });
    at('2026-11-20T12:00:00.000Z');
    await search('visit-cccccccc', GREEN_POINT, { search_type: 'geolocation' });
    const noSearch = await lead({ provider_id: fibre, lead_type: 'contact_request', phone: '+27 82 555 0101' });
    at('2026-11-21T23:30:00.000Z');
    await search('visit-dddddddd', ORANGE_POINT);
    at('2026-11-22T08:00:00.000Z');
    return { fibre, signUp, inquiry, noSearch };
  }

  it('answers an empty period with zeros, never a division by zero', async () => {
    await start();
    const dashboard = await get('/api/reports/dashboard');
    expect(dashboard).toMatchObject({
      overview: { total_searches: 0, total_leads: 0, conversion_rate: 0 },
      coverage_effectiveness: { coverage_rate: 0 },
      searches_by_action: [
        { action: 'no_action', count: 0 },
        { action: 'sign_up', count: 0 },
        { action: 'contact_me', count: 0 },
      ],
      top_providers: [],
      period: { start_date: '2026-10-24', end_date: '2026-11-22' },
    });
    expect(dashboard.searches_per_day).toHaveLength(30);
    expect((await get('/api/reports/leads')).leads).toEqual([]);
  });

  it('counts the dashboard from the seeded visits: follow-ups are not searches, leads without a search count', async () => {
    await start();
    const { fibre } = await seed();
    expect(await get('/api/reports/dashboard?start_date=2026-11-20&end_date=2026-11-21')).toEqual({
      overview: { total_searches: 4, total_leads: 3, conversion_rate: 75 },
      coverage_effectiveness: {
        coverage_rate: 75,
        by_coverage: [
          { covered_by: 'provider', count: 3 },
          { covered_by: 'wireless_only', count: 0 },
          { covered_by: 'none', count: 1 },
        ],
      },
      searches_by_action: [
        { action: 'no_action', count: 2 },
        { action: 'sign_up', count: 1 },
        { action: 'contact_me', count: 1 },
      ],
      top_providers: [{ provider_id: fibre, provider_name: 'FibreCo', count: 3 }],
      period: { start_date: '2026-11-20', end_date: '2026-11-21' },
      searches_per_day: [
        { date: '2026-11-20', searches: 3 },
        { date: '2026-11-21', searches: 1 },
      ],
    });
    expect(await get('/api/reports/searches?start_date=2026-11-20&end_date=2026-11-21')).toEqual({
      period: { start_date: '2026-11-20', end_date: '2026-11-21' },
      days: [
        { date: '2026-11-20', searches: 3, with_coverage: 2, without_coverage: 1 },
        { date: '2026-11-21', searches: 1, with_coverage: 1, without_coverage: 0 },
      ],
      by_coverage: [
        { covered_by: 'provider', count: 3 },
        { covered_by: 'wireless_only', count: 0 },
        { covered_by: 'none', count: 1 },
      ],
      by_search_type: [
        { search_type: 'address', count: 3 },
        { search_type: 'geolocation', count: 1 },
        { search_type: 'map_click', count: 0 },
      ],
    });
  });

  it('counts days in the configured time zone, exact at a midnight that falls within an hour', async () => {
    await start({ REPORTS_TIME_ZONE: 'Africa/Johannesburg' });
    await seed();
    // 21 Nov 23:30 UTC is 22 Nov 01:30 in Johannesburg.
    const sast = await get('/api/reports/dashboard?start_date=2026-11-20&end_date=2026-11-21');
    expect(sast.overview.total_searches).toBe(3);
    expect(sast.searches_per_day).toEqual([
      { date: '2026-11-20', searches: 3 },
      { date: '2026-11-21', searches: 0 },
    ]);
    await app.close();

    // Kolkata is UTC+5:30: local midnight of 22 Nov is 21 Nov 18:30 UTC, inside the hour 18:00-19:00.
    await start({ REPORTS_TIME_ZONE: 'Asia/Kolkata' });
    await fibreProvider();
    at('2026-11-21T18:29:59.000Z');
    await search('visit-eeeeeeee', ORANGE_POINT);
    at('2026-11-21T18:30:00.000Z');
    await search('visit-ffffffff', HOLE_POINT);
    at('2026-11-22T08:00:00.000Z');
    const ist = await get('/api/reports/searches?start_date=2026-11-21&end_date=2026-11-22');
    expect(ist.days).toEqual([
      { date: '2026-11-21', searches: 1, with_coverage: 1, without_coverage: 0 },
      { date: '2026-11-22', searches: 1, with_coverage: 0, without_coverage: 1 },
    ]);
    const firstDay = await get('/api/reports/dashboard?start_date=2026-11-21&end_date=2026-11-21');
    expect(firstDay.overview.total_searches).toBe(1);
    expect(firstDay.top_providers).toMatchObject([{ provider_name: 'FibreCo', count: 1 }]);
  });

  it('lists leads newest first with filters and keyset pages, with the search each came from', async () => {
    await start();
    const { fibre, signUp, inquiry, noSearch } = await seed();
    const all = await get('/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21');
    expect(all.total).toBe(3);
    expect(all.leads.map((l: { id: number }) => l.id)).toEqual([noSearch, inquiry, signUp]);
    expect(all.leads[2]).toMatchObject({
      id: signUp,
      lead_type: 'sign_up',
      status: 'new',
      notes: null,
      provider_id: fibre,
      provider_name: 'FibreCo',
      search: { search_type: 'address', lat: ORANGE_POINT.lat, lng: ORANGE_POINT.lng, address: null },
    });
    expect(all.leads[0].search).toBeNull();
    expect(all.next_cursor).toBeNull();

    const first = await get('/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&limit=2');
    expect(first.leads.map((l: { id: number }) => l.id)).toEqual([noSearch, inquiry]);
    const second = await get(`/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&limit=2&cursor=${first.next_cursor}`);
    expect(second.leads.map((l: { id: number }) => l.id)).toEqual([signUp]);
    expect(second.next_cursor).toBeNull();

    expect((await get('/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&provider_id=0')).leads.map((l: { id: number }) => l.id)).toEqual([inquiry]);
    expect((await get(`/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&provider_id=${fibre}&lead_type=sign_up`)).total).toBe(1);
    expect((await get('/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&status=closed')).total).toBe(0);
    const bad = await app.server.inject({ method: 'GET', url: '/api/reports/leads?cursor=nonsense', headers: bearer(token) });
    expect(bad.json()).toEqual({ success: false, message: 'cursor is not one this report gave' });
  });

  it("changes a lead's status and notes, and keeps them", async () => {
    await start();
    const { signUp } = await seed();
    at('2026-11-22T09:15:00.000Z');
    const patch = (id: number, payload: object) => app.server.inject({ method: 'PATCH', url: `/api/leads/${id}`, headers: bearer(token), payload });
    const changed = await patch(signUp, { status: 'contacted', notes: 'Called, installing Friday' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: 'Lead updated',
      data: { id: signUp, status: 'contacted', notes: 'Called, installing Friday', updated_at: '2026-11-22T09:15:00.000Z' },
    });
    expect((await get('/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&status=contacted')).leads).toMatchObject([
      { id: signUp, notes: 'Called, installing Friday' },
    ]);
    expect((await patch(signUp, { notes: '' })).json().data).toMatchObject({ status: 'contacted', notes: null });
    expect((await patch(signUp, { status: 'won' })).statusCode).toBe(400);
    expect((await patch(signUp, {})).json().message).toBe('Give a status or notes to change');
    expect((await patch(999_999, { status: 'closed' })).json()).toEqual({ success: false, message: 'Lead not found' });
    // An id the database cannot hold names no lead either.
    expect((await patch(2 ** 31, { status: 'closed' })).json()).toMatchObject({ success: false, message: 'Lead not found' });
    expect((await patch(2 ** 31, { status: 'closed' })).statusCode).toBe(404);
  });

  it('counts leads per day of the time zone, by type and by provider, and shows one lead', async () => {
    await start({ REPORTS_TIME_ZONE: 'Africa/Johannesburg' });
    const { fibre, signUp } = await seed();
    at('2026-11-21T22:30:00.000Z');
    await lead({ provider_id: fibre, lead_type: 'sign_up' });
    at('2026-11-22T08:00:00.000Z');
    expect(await get('/api/reports/lead_activity?start_date=2026-11-20&end_date=2026-11-22')).toEqual({
      period: { start_date: '2026-11-20', end_date: '2026-11-22' },
      // The late lead is on the 22nd in Johannesburg (00:30, UTC+2).
      days: [
        { date: '2026-11-20', sign_up: 1, contact_request: 2 },
        { date: '2026-11-21', sign_up: 0, contact_request: 0 },
        { date: '2026-11-22', sign_up: 1, contact_request: 0 },
      ],
      by_type: [
        { lead_type: 'sign_up', count: 2 },
        { lead_type: 'contact_request', count: 2 },
      ],
      by_provider: [
        { provider_id: fibre, provider_name: 'FibreCo', count: 3 },
        { provider_id: null, provider_name: 'General Inquiry', count: 1 },
      ],
    });
    expect(await get(`/api/leads/${signUp}`)).toMatchObject({ id: signUp, lead_type: 'sign_up', search: { search_type: 'address' } });
    expect((await app.server.inject({ method: 'GET', url: '/api/leads/999999', headers: bearer(token) })).statusCode).toBe(404);
  });

  it('puts searches on a grid for the demand map, marking those without coverage', async () => {
    await start();
    await seed();
    const map = await get('/api/reports/map_data?start_date=2026-11-20&end_date=2026-11-21&zoom=5');
    expect(map.cell_deg).toBeCloseTo(360 / 32 / 16, 9);
    expect(map.cells).toHaveLength(1);
    expect(map.cells[0]).toMatchObject({ count: 4, without_coverage: 1 });
    const fine = await get('/api/reports/map_data?start_date=2026-11-20&end_date=2026-11-21&zoom=14&west=18&south=-34&east=19&north=-33');
    expect(fine.cells.map((c: { count: number }) => c.count).sort()).toEqual([1, 1, 2]);
    const none = await get('/api/reports/map_data?start_date=2026-11-20&end_date=2026-11-21&zoom=14&west=20&south=-30&east=21&north=-29');
    expect(none.cells).toEqual([]);
  });

  it('reports each provider: searches where it appeared, leads and conversion', async () => {
    await start();
    const { fibre } = await seed();
    const report = await get('/api/reports/providers?start_date=2026-11-20&end_date=2026-11-21');
    expect(report.providers).toEqual([
      { provider_id: fibre, provider_name: 'FibreCo', searches: 3, leads: 2, conversion_rate: 66.7 },
      { provider_id: expect.any(Number), provider_name: 'OtherCo', searches: 0, leads: 0, conversion_rate: 0 },
    ]);
  });

  it('exports CSV with a dated file name, spreadsheet-safe cells and every row', async () => {
    await start();
    await seed();
    const leads = await app.server.inject({
      method: 'GET',
      url: '/api/reports/leads?start_date=2026-11-20&end_date=2026-11-21&format=csv',
      headers: bearer(token),
    });
    expect(leads.statusCode).toBe(200);
    expect(leads.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(leads.headers['content-disposition']).toBe('attachment; filename="leads-2026-11-20-to-2026-11-21.csv"');
    const lines = leads.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,name,email,phone,message,lead_type,status,notes,provider_id,provider,search_id,search_address,search_lat,search_lng,request_count,last_requested_at',
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((line) => line.includes('HYPERLINK'))).toContain(`"'=HYPERLINK(""x"")"`);
    // Phones read as typed, without an apostrophe; an international one with 00 for its leading +.
    expect(lines.filter((line) => line.includes('021 555 0100'))).toHaveLength(2);
    expect(lines.find((line) => line.includes('555 0101'))).toContain(',00 27 82 555 0101,');
    expect(leads.body).not.toContain("'0");
    expect(leads.body).not.toContain("'+");

    const searches = await app.server.inject({
      method: 'GET',
      url: '/api/reports/searches?start_date=2026-11-20&end_date=2026-11-21&format=csv',
      headers: bearer(token),
    });
    expect(searches.headers['content-disposition']).toBe('attachment; filename="searches-2026-11-20-to-2026-11-21.csv"');
    const rows = searches.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rows[0]).toBe('id,created_at,search_type,address,lat,lng,providers_found,action_taken,covered_by,towers_found');
    expect(rows).toHaveLength(5);
    expect(rows[1]).toMatch(/^\d+,2026-11-20T10:00:00\.000Z,address,,-33\.95,18\.44,1,sign_up,provider,0$/);

    const providers = await app.server.inject({
      method: 'GET',
      url: '/api/reports/providers?start_date=2026-11-20&end_date=2026-11-21&format=csv',
      headers: bearer(token),
    });
    expect(providers.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe(
      `${(await get('/api/reports/providers?start_date=2026-11-20&end_date=2026-11-21')).providers[0].provider_id},FibreCo,3,2,66.7`,
    );
  });

  it('refuses bad periods and requires the admin token', async () => {
    await start();
    const bad = await app.server.inject({ method: 'GET', url: '/api/reports/dashboard?start_date=2026-11-21&end_date=2026-11-20', headers: bearer(token) });
    expect(bad.json()).toMatchObject({ success: false, message: 'start_date must not be after end_date' });
    expect((await app.server.inject({ method: 'GET', url: '/api/reports/dashboard?start_date=2026-13-01', headers: bearer(token) })).json().message).toBe(
      'start_date must be a date (YYYY-MM-DD)',
    );
    for (const url of ['/api/reports/dashboard', '/api/reports/searches', '/api/reports/leads', '/api/reports/map_data', '/api/reports/providers']) {
      expect((await app.server.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await app.server.inject({ method: 'PATCH', url: '/api/leads/1', payload: { status: 'closed' } })).statusCode).toBe(401);
  });
});
