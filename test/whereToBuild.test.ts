import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

// Where to build next (GET /api/reports/map_data's hotspots): clusters of searches without
// coverage at the centroid of those searches, named after the nearest built-in place.

/** Searches without coverage around two towns of the Western Cape, 300 km apart (nothing serves either). */
const AROUND_GEORGE = [
  { lat: -33.95, lng: 22.45 },
  { lat: -33.96, lng: 22.47 },
  { lat: -33.97, lng: 22.46 },
];
const AROUND_HERMANUS = [
  { lat: -34.41, lng: 19.24 },
  { lat: -34.43, lng: 19.22 },
];
const GEORGE_CENTROID = { lat: -33.96, lng: 22.46 };
const HERMANUS_CENTROID = { lat: -34.42, lng: 19.23 };

describe.each(databaseKinds())('where to build next on %s', (kind) => {
  let app: TestApp;
  let token: string;
  beforeEach(async () => {
    app = await createTestApp(kind, { env: { GEOCODER_COUNTRY: 'za' }, deps: { clock: new ManualClock(new Date('2026-11-20T10:00:00.000Z')) } });
    token = await signIn(app);
  });
  afterEach(() => app.close());

  async function hotspots(view: string) {
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/reports/map_data?start_date=2026-11-20&end_date=2026-11-20&${view}`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.hotspots as { lat: number; lng: number; searches: number; without_coverage: number; place: { name: string } | null }[];
  }

  it('lists one entry per town, at the centroid of its searches, named after the town, and none in between', async () => {
    let session = 0;
    for (const spot of [...AROUND_GEORGE, ...AROUND_HERMANUS]) {
      const logged = await app.server.inject({
        method: 'POST',
        url: '/api/log_search',
        payload: { session_id: `visit-${String((session += 1)).padStart(4, '0')}abcd`, search_type: 'map_click', ...spot },
      });
      expect(logged.statusCode, logged.body).toBe(200);
    }
    // The whole country at zoom 5, and the Western Cape at zoom 10, whose cells of 0.022° split George's searches
    // among three and Hermanus's between two.
    for (const view of ['zoom=5', 'zoom=10&west=18&south=-35&east=23&north=-33']) {
      const listed = await hotspots(view);
      expect(listed.map(({ searches, without_coverage, place }) => ({ searches, without_coverage, place: place?.name }))).toEqual([
        { searches: 3, without_coverage: 3, place: 'George' },
        { searches: 2, without_coverage: 2, place: 'Hermanus' },
      ]);
      expect(listed[0]!.lat).toBeCloseTo(GEORGE_CENTROID.lat, 9);
      expect(listed[0]!.lng).toBeCloseTo(GEORGE_CENTROID.lng, 9);
      expect(listed[1]!.lat).toBeCloseTo(HERMANUS_CENTROID.lat, 9);
      expect(listed[1]!.lng).toBeCloseTo(HERMANUS_CENTROID.lng, 9);
    }
  });

  it('lists nothing in a period without searches', async () => {
    expect(await hotspots('zoom=5')).toEqual([]);
  });
});
