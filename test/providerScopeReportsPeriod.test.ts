import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSearchOf } from '../src/server/leads/searchRule.js';
import { teamUser } from './support/teamUsers.js';
import { bearer, createTestApp, databaseKinds, ManualClock, type TestApp } from './support/testApp.js';

// A provider editor's searches are read from the period only (leads/searchRule.ts isSearchOf
// `within`): provider A's appearances and its tower's wireless-only searches. In Asia/Kolkata (UTC+5:30) the period 20-21 Nov runs from 19 Nov 18:30 UTC to
// 21 Nov 18:30 UTC, so both of its edges cut an hour, which is counted search by search: searches
// at each edge, on either side, and in the cut hours must land on the right day or nowhere.

const PERIOD = 'start_date=2026-11-20&end_date=2026-11-21';
/** UTC instants of the logs: A's unless said otherwise. */
const LOGS = {
  beforeStart: '2026-11-19T18:29:59.999Z',
  /** Only A's tower reached it, before the period. */
  wirelessBefore: '2026-11-19T18:00:00.000Z',
  atStart: '2026-11-19T18:30:00.000Z',
  /** A follow-up of atStart: not a search. */
  followUp: '2026-11-19T18:31:00.000Z',
  /** Only A's tower reached it. */
  wireless: '2026-11-20T12:00:00.000Z',
  /** B's only. */
  onlyB: '2026-11-20T13:00:00.000Z',
  /** Only A's tower reached it, in the hour the period's end cuts. */
  wirelessLate: '2026-11-21T18:10:00.000Z',
  lastInstant: '2026-11-21T18:29:59.999Z',
  atEnd: '2026-11-21T18:30:00.000Z',
} as const;

describe.each(databaseKinds())('a provider editor’s searches at the edges of a period on %s', (kind) => {
  let app: TestApp;
  let editor: string;
  let providerA: number;
  const ids: Partial<Record<keyof typeof LOGS, number>> = {};

  const get = async (url: string) => {
    const response = await app.server.inject({ method: 'GET', url, headers: bearer(editor) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { env: { REPORTS_TIME_ZONE: 'Asia/Kolkata' }, deps: { clock: new ManualClock(new Date('2026-11-22T08:00:00.000Z')) } });
    const db = app.db.kysely;
    const now = '2026-11-19T00:00:00.000Z';
    const provider = async (name: string) =>
      (
        await db
          .insertInto('providers')
          .values({ name, active: 1, data_source: 'kml_upload', auto_sync: 0, api_auth_type: 'none', created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const a = await provider('AlphaNet');
    providerA = a;
    const b = await provider('BetaFibre');
    const tower = await db
      .insertInto('towers')
      .values({
        name: 'Alpha Mast',
        latitude: -33.5,
        longitude: 18.2,
        height_meters: 30,
        antenna_height_meters: 30,
        frequency_ghz: 5.8,
        power_dbm: 30,
        coverage_radius_km: 5,
        active: 0,
        provider_id: a,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Logs as the search log repository stores them; the editor's reports count logs, not the roll-ups.
    for (const [name, createdAt] of Object.entries(LOGS) as [keyof typeof LOGS, string][]) {
      const providerId = name === 'onlyB' ? b : name.startsWith('wireless') ? null : a;
      const { id } = await db
        .insertInto('search_logs')
        .values({
          session_id: `visit-${name}`,
          search_type: 'address',
          lat: -33.5,
          lng: 18.2,
          address: '1 Main Road',
          action_taken: 'no_action',
          provider_count: providerId === null ? 0 : 1,
          wireless_available: providerId === null ? 1 : 0,
          follow_up_of: name === 'followUp' ? ids.atStart! : null,
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[name] = id;
      if (providerId !== null)
        await db
          .insertInto('search_log_providers')
          .values({ search_log_id: id, provider_id: providerId, service_status: 'live', created_at: createdAt })
          .execute();
      else await db.insertInto('search_log_towers').values({ search_log_id: id, tower_id: tower.id }).execute();
    }
    editor = (await teamUser(app, { username: 'alpha-editor', role: 'provider_editor', providerIds: [a] })).token;
  });
  afterAll(() => app.close());

  it('counts A’s searches from the first instant of the period to the last, each on its day, on the dashboard and the searches report', async () => {
    const dashboard = (await get(`/api/reports/dashboard?${PERIOD}`)).json().data;
    expect(dashboard.overview.total_searches).toBe(4);
    expect(dashboard.coverage_effectiveness.by_coverage).toEqual([
      { covered_by: 'provider', count: 2 },
      { covered_by: 'wireless_only', count: 2 },
      { covered_by: 'none', count: 0 },
    ]);
    expect(dashboard.searches_per_day).toEqual([
      { date: '2026-11-20', searches: 2 },
      { date: '2026-11-21', searches: 2 },
    ]);
    expect((await get(`/api/reports/searches?${PERIOD}`)).json().data.days).toEqual([
      { date: '2026-11-20', searches: 2, with_coverage: 2, without_coverage: 0 },
      { date: '2026-11-21', searches: 2, with_coverage: 2, without_coverage: 0 },
    ]);
  });

  it('exports and maps the same four searches', async () => {
    const rows = (await get(`/api/reports/searches?${PERIOD}&format=csv`)).body.trim().split('\r\n').slice(1);
    expect(rows.map((row) => Number(row.split(',')[0]))).toEqual([ids.atStart, ids.wireless, ids.wirelessLate, ids.lastInstant]);
    const map = (await get(`/api/reports/map_data?${PERIOD}&zoom=10`)).json().data;
    expect(map.cells.reduce((sum: number, cell: { count: number }) => sum + cell.count, 0)).toBe(4);
  });

  // An IN beside an OR stays a subplan on PostgreSQL, hashed only while it fits in work_mem and
  // otherwise scanned again for every search: a large provider's reports then never finish.
  it.runIf(kind === 'postgres')('reads a scope as a join, with no subplan run per search', async () => {
    const plan = await app.db.kysely
      .selectFrom('search_logs')
      .select(sql<number>`count(*)`.as('n'))
      .where(isSearchOf([providerA], ['2026-11-19T18:30:00.000Z', '2026-11-21T18:30:00.000Z']))
      .explain();
    const text = plan.map((row) => Object.values(row).join('')).join('\n');
    expect(text).toMatch(/Join/);
    expect(text).not.toMatch(/SubPlan/);
  });
});
