import type { FeatureCollection, MultiPolygon } from 'geojson';
import { beforeEach, describe, expect, it } from 'vitest';
import { signalBand } from '../src/common/signalBands.js';
import { parsePackedCoverageKml } from '../src/geo/kml/index.js';
import { readyFootprint, seededPointsInDisc } from './support/footprints.js';
import { multipartBody } from './support/multipart.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/**
 * Terrain: the ridge tile (test/support/ridgeTerrain.ts, a 400 m ridge at lng 18.25 on a 100 m
 * plain). The tower stands on the plain at lng 18.2 with a 6 km radius: west of the ridge it sees
 * everything, east of it only what the ridge does not hide.
 */
const TILE = RIDGE_TILE;
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 6 };
const IN_FRONT = { lat: -33.5, lng: 18.23 };
const BEHIND = { lat: -33.5, lng: 18.26 };
/** 8.35 km from the tower: a ray from 800 m above sea level clears the ridge and reaches 6 m above the plain here. */
const FAR_BEHIND = { lat: -33.5, lng: 18.29 };
/** The receiver height of the footprints (FOOTPRINT_RECEIVER_HEIGHT_M's default). */
const RECEIVER_M = 6;

describe.each(databaseKinds())('tower footprints on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));
  beforeEach(async () => {
    const uploaded = await uploadTerrainTile(app, token, `${TILE}.hgt`, ridgeTile());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
  });

  const get = (url: string) => app.server.inject({ method: 'GET', url, headers: bearer(token) });
  async function createTower(fields: Record<string, unknown> = {}): Promise<number> {
    const response = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: { ...TOWER, ...fields } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  async function areas(towerId: number): Promise<FeatureCollection<MultiPolygon, { band: string }>> {
    const response = await get(`/api/towers/${towerId}/footprint?format=geojson`);
    expect(response.statusCode, response.body).toBe(200);
    // Named after the tower (TOWER.name 'Ridge View').
    expect(response.headers['content-disposition']).toBe('attachment; filename="ridge-view-footprint.geojson"');
    return response.json();
  }
  const wirelessAt = async (point: { lat: number; lng: number }) =>
    (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${point.lat}&lng=${point.lng}` })).json().data.wireless_feasibility
      .wireless_available;

  it('computes a footprint after a tower is created, and again after its height changes', async () => {
    const id = await createTower({ coverage_radius_km: 9 });
    const first = await readyFootprint(app, token, id);
    const before = await areas(id);
    expect(before.features.map((feature) => feature.properties.band)).toContain('Poor');
    expect(await wirelessAt(FAR_BEHIND)).toBe(false);

    const raised = await app.server.inject({ method: 'PUT', url: `/api/towers/${id}`, headers: bearer(token), payload: { height_meters: 700 } });
    expect(raised.statusCode, raised.body).toBe(200);
    await readyFootprint(app, token, id, first.updated_at);
    const after = await areas(id);
    // From 700 m (800 m above sea level) the ray clears the 400 m ridge and reaches the plain 3.7 km behind it.
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));
    expect(await wirelessAt(FAR_BEHIND)).toBe(true);
  });

  it("draws the band areas at the settings' reliability: 70 % (5.2 dB under the median with σ 10 dB) inside the median areas of 50 %, and recomputes on a change", async () => {
    // A weak tower: 0 dBm, so its signal crosses the bands within its radius and the margin moves their edges.
    const id = await createTower({ power_dbm: 0 });
    const first = await readyFootprint(app, token, id);
    const reliable = await areas(id);
    const saved = await app.server.inject({
      method: 'PUT',
      url: '/api/settings/radio',
      headers: bearer(token),
      payload: { model: 'itm', cpe_profiles: [{ name: 'Roof antenna', gain_dbi: 23, height_m: RECEIVER_M, is_default: true }], reliability_percent: 50 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await readyFootprint(app, token, id, first.updated_at);
    const median = await areas(id);
    const bandArea = (collection: typeof median, band: string) => {
      const feature = collection.features.find((candidate) => candidate.properties.band === band);
      // Shoelace over every ring, holes (clockwise) negative: square degrees.
      let sum = 0;
      for (const ring of feature?.geometry.coordinates.flat() ?? [])
        for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
      return sum / 2;
    };
    const bands = ['Poor', 'Fair', 'Good', 'Excellent'];
    for (const band of bands) expect(bandArea(reliable, band)).toBeLessThanOrEqual(bandArea(median, band) * 1.001);
    expect(bands.some((band) => bandArea(reliable, band) < bandArea(median, band) * 0.95)).toBe(true);
  });

  it('covers a check inside the footprint through wireless, and not one in its shadow', async () => {
    const id = await createTower();
    await readyFootprint(app, token, id);
    const inFront = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${IN_FRONT.lat}&lng=${IN_FRONT.lng}` })).json().data;
    expect(inFront).toMatchObject({ coverage_available: true, total_providers: 0 });
    expect(inFront.wireless_feasibility).toMatchObject({
      wireless_available: true,
      towers_with_los: 1,
      tower_distances: [{ tower_id: id, has_line_of_sight: true }],
      terrain_source: 'hgt',
    });
    const behind = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${BEHIND.lat}&lng=${BEHIND.lng}` })).json().data;
    expect(behind.coverage_available).toBe(false);
    expect(behind.wireless_feasibility).toMatchObject({ wireless_available: false, tower_distances: [{ tower_id: id, has_line_of_sight: false }] });
  });

  it('answers as the tower line-of-sight analysis does at 99% of 1,000 random points of the footprint', async () => {
    const id = await createTower();
    await readyFootprint(app, token, id);
    let same = 0;
    const disagreements: string[] = [];
    for (const { lat, lng } of seededPointsInDisc(TOWER, 5_900, 1000, 11)) {
      const check = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${lat}&lng=${lng}` })).json().data;
      const fromFootprint = check.wireless_feasibility.tower_distances[0];
      const live = (await get(`/api/line-of-sight/tower/${id}?lat=${lat}&lng=${lng}&height=${RECEIVER_M}`)).json().data;
      const agrees =
        fromFootprint.has_line_of_sight === live.has_line_of_sight &&
        (!live.has_line_of_sight || signalBand(fromFootprint.signal_strength) === live.signal_band);
      if (agrees) same++;
      else
        disagreements.push(
          `${lat.toFixed(5)},${lng.toFixed(5)}: footprint ${fromFootprint.has_line_of_sight}/${fromFootprint.signal_strength}, live ${live.has_line_of_sight}/${live.signal_strength}`,
        );
    }
    // The bound: a cell's answer is its ray point's, up to half a cell (46 m here) from the point
    // asked; the two differ only where the ray grazes the ridge or the signal sits on a band's edge.
    expect(same, disagreements.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(990);
  });

  it('exports the footprint as KML that reads back as coloured bands, and refuses towers without one', async () => {
    const id = await createTower();
    await readyFootprint(app, token, id);
    const response = await get(`/api/towers/${id}/footprint?format=kml`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.google-earth.kml+xml');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ridge-view-footprint.kml"');
    const { placemarks } = parsePackedCoverageKml(response.body);
    expect(placemarks[0]).toMatchObject({ name: 'Poor', color: '#fc8d59' });
    expect(placemarks.map((placemark) => placemark.name)).toContain('Excellent');

    expect((await get('/api/towers/999999/footprint')).statusCode).toBe(404);
    expect((await get(`/api/towers/${id}/footprint?format=shp`)).statusCode).toBe(400);
    expect((await app.server.inject({ method: 'GET', url: `/api/towers/${id}/footprint` })).statusCode).toBe(401);
  });

  it('shows what a candidate tower would reach, counting the logged searches without coverage it would serve', async () => {
    const logSearch = async (point: { lat: number; lng: number }, session: string) => {
      const response = await app.server.inject({ method: 'POST', url: '/api/log_search', payload: { session_id: session, search_type: 'address', ...point } });
      expect(response.statusCode, response.body).toBe(200);
    };
    await logSearch(IN_FRONT, 'visit-0001aaaa');
    await logSearch({ lat: -33.49, lng: 18.21 }, 'visit-0002aaaa');
    await logSearch(BEHIND, 'visit-0003aaaa');
    await logSearch({ lat: -33.5, lng: 18.5 }, 'visit-0004aaaa');
    // Confirmed waitlist entries waiting for any provider count too (a pending one does not, nor one
    // waiting for a named provider, whose layers a tower does not bring): one in front, one behind the ridge.
    const provider = multipartBody({ name: 'FibreCo' });
    const fibre = await app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    expect(fibre.statusCode, fibre.body).toBe(200);
    const now = new Date().toISOString();
    const waiting = (point: { lat: number; lng: number }, email: string, status: 'confirmed' | 'pending', provider_id: number | null = null) => ({
      ...point,
      provider_id,
      email,
      address: email,
      status,
      dedupe_key: email,
      confirm_token_hash: `c-${email}`,
      unsubscribe_token_hash: `u-${email}`,
      consent_at: now,
      created_at: now,
    });
    await app.db.kysely
      .insertInto('waitlist_entries')
      .values([
        waiting(IN_FRONT, 'a@example.com', 'confirmed'),
        waiting(BEHIND, 'b@example.com', 'confirmed'),
        waiting(IN_FRONT, 'c@example.com', 'pending'),
        waiting(IN_FRONT, 'd@example.com', 'confirmed', fibre.json().data.id),
      ])
      .execute();
    const whatIf = (candidate: Record<string, unknown>, headers = bearer(token)) =>
      app.server.inject({ method: 'POST', url: '/api/towers/what-if', headers, payload: candidate });

    const response = await whatIf({ latitude: TOWER.latitude, longitude: TOWER.longitude, height_meters: 30, coverage_radius_km: 6 });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    // In front of the ridge two searches are reached; the one behind it is in the radius but shadowed; the fourth is 28 km away.
    expect(result).toMatchObject({ uncovered_searches_reached: 2, uncovered_searches_in_radius: 3, searches_truncated: false, terrain_source: 'hgt' });
    expect(result).toMatchObject({ waitlisted_spots_reached: 1, waitlisted_spots_in_radius: 2 });
    expect(result.areas.features.map((feature: { properties: { band: string } }) => feature.properties.band)).toEqual(['Poor', 'Fair', 'Good', 'Excellent']);
    // Nothing is stored: no tower and no footprint.
    expect((await get('/api/towers')).json().data).toEqual([]);
    expect((await get('/api/towers/footprints')).json().data).toEqual([]);

    expect((await whatIf({ latitude: 95, longitude: 18, height_meters: 30 })).json()).toMatchObject({
      success: false,
      message: 'Latitude must be between -90 and 90',
    });
    expect((await whatIf({ latitude: -33.5, longitude: 18.2, height_meters: 30 }, {})).statusCode).toBe(401);
  });

  it('draws the footprints on the public wireless tiles', async () => {
    const id = await createTower();
    await readyFootprint(app, token, id);
    // Zoom 10 tile holding the tower: x from lng 18.2, y from lat -33.5.
    const z = 10;
    const x = tileX(18.2, z);
    const y = tileY(-33.5, z);
    const tile = await app.server.inject({ method: 'GET', url: `/api/wireless_tiles/${z}/${x}/${y}.pbf` });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    expect(tile.rawPayload.byteLength).toBeGreaterThan(100);
    const empty = await app.server.inject({ method: 'GET', url: `/api/wireless_tiles/${z}/0/0.pbf` });
    expect(empty.statusCode).toBe(204);
  });

  it('answers 50 concurrent requests for 10 tiles nobody asked for before, all within a second', async () => {
    const id = await createTower();
    await readyFootprint(app, token, id);
    // The overlay's worker is started and holds these footprints: what is timed is cutting new tiles.
    expect((await app.server.inject({ method: 'GET', url: '/api/wireless_tiles/14/0/0.pbf' })).statusCode).toBe(204);
    // Zoom 14 tiles (about 2 km square here) west of the ridge and within 5 km of the tower: each holds band areas.
    const z = 14;
    const x = tileX(TOWER.longitude, z);
    const y = tileY(TOWER.latitude, z);
    const tiles = [-3, -2, -1, 0, 1].flatMap((dx) => [0, 1].map((dy) => `/api/wireless_tiles/${z}/${x + dx}/${y - 1 + dy}.pbf`));
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, n) => app.server.inject({ method: 'GET', url: tiles[n % tiles.length]! })));
    const ms = performance.now() - started;
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(ms).toBeLessThan(1000);
    // Every request for a tile got the same bytes.
    for (const [n, response] of responses.entries()) expect(response.rawPayload.equals(responses[n % tiles.length]!.rawPayload)).toBe(true);
  });
});

/** The column of the web-mercator tile at zoom `z` holding longitude `lng` (degrees). */
function tileX(lng: number, z: number): number {
  return Math.floor(((lng + 180) / 360) * 2 ** z);
}

/** The row of the web-mercator tile at zoom `z` holding latitude `lat` (degrees). */
function tileY(lat: number, z: number): number {
  const latRad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** z);
}
