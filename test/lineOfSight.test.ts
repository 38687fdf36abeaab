import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, zipSync } from 'fflate';
import { encode } from 'fast-png';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { type LocalServer, startLocalServer } from './support/localServer.js';
import { waitForFootprints } from './support/footprints.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

/**
 * Terrain of the tests: the ridge tile (test/support/ridgeTerrain.ts). A tower on the plain at
 * lng 18.2 and targets east of it: at lng 18.23 the path is clear, at lng 18.3 the ridge blocks it.
 */
const TILE = RIDGE_TILE;
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30 };
const BEFORE_RIDGE = { lat: -33.5, lng: 18.23 };
const BEYOND_RIDGE = { lat: -33.5, lng: 18.3 };
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.each(databaseKinds())('line of sight and terrain on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const get = (url: string) => app.server.inject({ method: 'GET', url, headers: bearer(token) });
  async function createTower(fields: Record<string, unknown> = {}): Promise<number> {
    const response = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: { ...TOWER, ...fields } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  const uploadTile = (filename: string, bytes: Buffer) => uploadTerrainTile(app, token, filename, bytes);
  const towerCheck = async (id: number, point: { lat: number; lng: number }, height = 2) => {
    const response = await get(`/api/line-of-sight/tower/${id}?lat=${point.lat}&lng=${point.lng}&height=${height}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('analyses a path on flat ground when there is no terrain, and says so', async () => {
    const id = await createTower();
    const link = await towerCheck(id, BEYOND_RIDGE);
    expect(link).toMatchObject({
      tower_id: id,
      tower_name: 'Ridge View',
      in_range: true,
      has_line_of_sight: true,
      fresnel_60_clear: true,
      terrain_source: 'flat',
    });
    // 0.1° of longitude at 33.5° S is 9.272 km; at 5.8 GHz free space costs 127.06 dB: 20 dBm + 17 dBi + 23 dBi - 127.06 dB.
    expect(link.distance_km).toBeCloseTo(9.272, 2);
    expect(link.path_loss_db.free_space).toBeCloseTo(127.06, 1);
    expect(link.path_loss_db.diffraction).toBe(0);
    expect(link.signal_strength).toBeCloseTo(-67.1, 0);
    expect(link.signal_band).toBe('Good');
    expect(link.profile.length).toBeGreaterThan(100);
    expect(link.profile.length).toBeLessThanOrEqual(256);
    expect(link.profile[0]).toMatchObject({ distance_km: 0, terrain_m: 0 });
  });

  it('blocks the path behind an uploaded ridge, and clears it in front', async () => {
    const uploaded = await uploadTile(`${TILE}.hgt`, ridgeTile());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({ message: `Terrain tile ${TILE} loaded`, data: { name: TILE, south: -34, west: 18, arc_seconds: 3 } });
    const id = await createTower();

    const blocked = await towerCheck(id, BEYOND_RIDGE);
    expect(blocked).toMatchObject({ has_line_of_sight: false, fresnel_60_clear: false, terrain_source: 'hgt', signal_band: 'Unusable' });
    // The ridge's flat top spans 4.64 ± 0.15 km; the ray sinks eastwards, so its far edge cuts deepest.
    expect(blocked.obstruction.distance_km).toBeGreaterThan(4.49);
    expect(blocked.obstruction.distance_km).toBeLessThan(4.79);
    expect(blocked.obstruction.height_m).toBeCloseTo(400, -1);
    expect(blocked.path_loss_db.diffraction).toBeGreaterThan(20);
    // Raising the target lifts the ray most slowly over the ridge's near edge (4.5 km): a ray from
    // 130 m over 401 m there reaches 9.27 km at about 689 m, 589 m above the plain.
    expect(blocked.required_height_m).toBeGreaterThan(580);
    expect(blocked.required_height_m).toBeLessThan(600);

    const clear = await towerCheck(id, BEFORE_RIDGE);
    expect(clear).toMatchObject({ has_line_of_sight: true, terrain_source: 'hgt', profile: expect.any(Array) });
    expect(clear.profile[0].terrain_m).toBe(100);
  });

  it('reports a tower beyond its coverage radius as out of range, never clear', async () => {
    const id = await createTower({ coverage_radius_km: 5 });
    expect(await towerCheck(id, BEYOND_RIDGE)).toMatchObject({
      in_range: false,
      has_line_of_sight: false,
      signal_strength: null,
      signal_band: 'Unknown',
      profile: [],
    });
  });

  it('checks the active towers, or those named, and marks the best as optimal', async () => {
    await uploadTile(`${TILE}.hgt`, ridgeTile());
    const blockedTower = await createTower({ name: 'Behind the ridge' });
    const clearTower = await createTower({ name: 'East Hill', longitude: 18.35, height_meters: 40 });
    await createTower({ name: 'Switched off', longitude: 18.31, active: false });

    const all = (await get(`/api/line-of-sight/check?lat=${BEYOND_RIDGE.lat}&lng=${BEYOND_RIDGE.lng}`)).json().data;
    expect(all).toMatchObject({
      target: { latitude: BEYOND_RIDGE.lat, longitude: BEYOND_RIDGE.lng },
      total_towers: 2,
      towers_with_los: 1,
      terrain_source: 'hgt',
    });
    expect(all.results.map((r: { tower_id: number }) => r.tower_id)).toEqual([clearTower, blockedTower]);

    const named = (await get(`/api/line-of-sight/check?lat=${BEYOND_RIDGE.lat}&lng=${BEYOND_RIDGE.lng}&tower_ids=${blockedTower}`)).json().data;
    expect(named.results.map((r: { tower_id: number }) => r.tower_id)).toEqual([blockedTower]);

    const optimal = (await get(`/api/line-of-sight/optimal?lat=${BEYOND_RIDGE.lat}&lng=${BEYOND_RIDGE.lng}&height=2`)).json().data;
    expect(optimal.results).toHaveLength(1);
    expect(optimal.results[0]).toMatchObject({ tower_id: clearTower, has_line_of_sight: true });
  });

  it('makes a coverage check available through wireless alone, with the offer', async () => {
    const id = await createTower({ name: 'Kloof Mast' });
    const check = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${BEFORE_RIDGE.lat}&lng=${BEFORE_RIDGE.lng}` })).json().data;
    expect(check).toMatchObject({ coverage_available: true, total_providers: 0 });
    expect(check.wireless_feasibility).toMatchObject({
      wireless_available: true,
      signal_quality: 'excellent',
      towers_with_los: 1,
      total_towers_checked: 1,
      tower_distances: [{ tower_id: id, tower_name: 'Kloof Mast', has_line_of_sight: true }],
      terrain_source: 'flat',
    });
    expect(check.wireless_feasibility.estimated_speed).toMatch(/^Up to \d+ Mbps$/);
    expect(check.wireless_feasibility.message).toContain('Kloof Mast');

    const publicAnswer = await app.server.inject({ method: 'GET', url: `/api/wireless_feasibility?lat=${BEFORE_RIDGE.lat}&lng=${BEFORE_RIDGE.lng}` });
    expect(publicAnswer.statusCode).toBe(200);
    expect(publicAnswer.json().data).toMatchObject({ wireless_available: true, signal_quality: 'excellent' });
  });

  it('answers no wireless where no tower reaches, and follows a tower change at once', async () => {
    const far = (await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-30&lng=25' })).json().data;
    expect(far.wireless_feasibility).toMatchObject({
      wireless_available: false,
      signal_quality: 'no_signal',
      total_towers_checked: 0,
      estimated_speed: 'No Service',
    });
    expect(far.coverage_available).toBe(false);
    await createTower({ latitude: -30, longitude: 25.05 });
    const near = (await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-30&lng=25' })).json().data;
    expect(near.wireless_feasibility.wireless_available).toBe(true);
  });

  it('takes tiles zipped and gzipped, lists and removes them', async () => {
    const zipped = await uploadTile(`${TILE}.hgt.zip`, Buffer.from(zipSync({ [`${TILE}.hgt`]: ridgeTile() })));
    expect(zipped.statusCode, zipped.body).toBe(200);
    const gzipped = await uploadTile('N05W120.hgt.gz', Buffer.from(gzipSync(hgtBytes(1201, () => 7))));
    expect(gzipped.statusCode, gzipped.body).toBe(200);
    expect((await get('/api/terrain/tiles')).json().data).toEqual([
      { name: 'N05W120', south: 5, west: -120, arc_seconds: 3, bytes: 1201 * 1201 * 2 },
      { name: TILE, south: -34, west: 18, arc_seconds: 3, bytes: 1201 * 1201 * 2 },
    ]);
    const removed = await app.server.inject({ method: 'DELETE', url: '/api/terrain/tiles/n05w120', headers: bearer(token) });
    expect(removed.json()).toEqual({ success: true, message: 'Terrain tile N05W120 removed' });
    expect((await get('/api/terrain/tiles')).json().data.map((t: { name: string }) => t.name)).toEqual([TILE]);
    expect((await app.server.inject({ method: 'DELETE', url: '/api/terrain/tiles/S01E001', headers: bearer(token) })).statusCode).toBe(404);
  });

  it('refuses tiles with the wrong name, the wrong size or a bomb inside', async () => {
    const wrongName = await uploadTile('cape-town.hgt', ridgeTile());
    expect(wrongName.statusCode).toBe(400);
    expect(wrongName.json().message).toBe('Terrain tiles are named like the SRTM files, e.g. S34E018.hgt (also .hgt.zip or .hgt.gz)');
    const wrongSize = await uploadTile(`${TILE}.hgt`, Buffer.alloc(1000));
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().message).toContain('S34E018 is 1000 bytes: an SRTM tile has 1201×1201 samples');
    const tooBig = Buffer.from(gzipSync(new Uint8Array(3601 * 3601 * 2 + 2)));
    expect((await uploadTile(`${TILE}.hgt.gz`, tooBig)).json().message).toBe('The .gz file inflates to more than an SRTM tile (25,934,402 bytes at most)');
    const twoTiles = Buffer.from(zipSync({ 'S34E018.hgt': ridgeTile(), 'S34E019.hgt': ridgeTile() }));
    expect((await uploadTile(`${TILE}.hgt.zip`, twoTiles)).json().message).toBe(
      'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else (it holds 2 files: S34E018.hgt, S34E019.hgt)',
    );
    expect((await get('/api/terrain/tiles')).json().data).toEqual([]);
  });

  it('answers bad input with 4xx and requires the admin token', async () => {
    for (const url of [
      '/api/line-of-sight/check?lat=-33.5&lng=18.3',
      '/api/line-of-sight/optimal?lat=-33.5&lng=18.3',
      '/api/line-of-sight/tower/1?lat=-33.5&lng=18.3',
      '/api/terrain/tiles',
    ]) {
      expect((await app.server.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    expect((await get('/api/line-of-sight/check?lat=95&lng=18')).json().message).toBe('lat must be between -90 and 90');
    expect((await get('/api/line-of-sight/check?lng=18')).json().message).toBe('lat is required');
    expect((await get('/api/line-of-sight/check?lat=-33&lng=18&height=500')).statusCode).toBe(400);
    expect((await get('/api/line-of-sight/check?lat=-33&lng=18&tower_ids=1,abc')).statusCode).toBe(400);
    expect((await get('/api/line-of-sight/tower/2147483648?lat=-33&lng=18')).json()).toEqual(
      expect.objectContaining({ success: false, message: 'Tower not found' }),
    );
    expect((await get('/api/line-of-sight/tower/2147483648?lat=-33&lng=18')).statusCode).toBe(404);
    expect((await get('/api/line-of-sight/tower/1.5?lat=-33&lng=18')).statusCode).toBe(400);
    expect((await get('/api/line-of-sight/tower/999?lat=-33&lng=18')).json()).toEqual({ success: false, message: 'Tower not found' });
    // An invalid target height falls back to 2 m above the ground: the same answer as 2 m, not as 10 m.
    const id = await createTower();
    const atTwoMetres = await towerCheck(id, BEYOND_RIDGE, 2);
    expect(await towerCheck(id, BEYOND_RIDGE, Number.NaN)).toEqual(atTwoMetres);
    expect(await towerCheck(id, BEYOND_RIDGE, 10)).not.toEqual(atTwoMetres);
  });
});

describe('Terrarium elevation tiles', () => {
  let tiles: LocalServer;
  let app: TestApp;
  let failing = false;

  /** Every pixel of every tile at 250 m: R*256 + G + B/256 - 32768 = 250 -> R=128, G=250, B=0. */
  const png = Buffer.from(encode({ width: 256, height: 256, channels: 3, data: new Uint8Array(256 * 256 * 3).map((_, i) => [128, 250, 0][i % 3]!) }));

  beforeEach(async () => {
    failing = false;
    tiles = await startLocalServer((_req, res) => {
      if (failing) {
        res.statusCode = 503;
        res.end('down');
        return;
      }
      res.setHeader('content-type', 'image/png');
      res.end(png);
    });
  });
  afterEach(async () => {
    await app?.close();
    await tiles.close();
  });

  it('reads heights from Terrarium tiles where there is no SRTM tile, and keeps them on disk', async () => {
    app = await createTestApp('sqlite', { env: { ALLOW_PRIVATE_FETCH: 'true', TERRAIN_TILES_URL: `${tiles.url}/{z}/{x}/{y}.png` } });
    const token = await signIn(app);
    const created = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    const link = (
      await app.server.inject({ method: 'GET', url: `/api/line-of-sight/tower/${created.json().data.id}?lat=-33.5&lng=18.25`, headers: bearer(token) })
    ).json().data;
    expect(link).toMatchObject({ terrain_source: 'terrarium', has_line_of_sight: true });
    expect(link.profile[0].terrain_m).toBe(250);
    expect(tiles.requests.length).toBeGreaterThan(0);
    expect(tiles.requests.every((r) => /^\/\d+\/\d+\/\d+\.png$/.test(r.url))).toBe(true);
    // The tower's footprint reads every tile within its radius: let it finish first, so no tile is
    // still being written while the folders are read (CI found a column folder made, its tile not yet).
    await waitForFootprints(app, token);
    // The downloaded tiles (DATA_DIR/terrain-cache/z/x/y.png) are the server user's alone.
    const cache = path.join(app.dataDir, 'terrain-cache');
    const [zoom] = fs.readdirSync(cache);
    const [column] = fs.readdirSync(path.join(cache, zoom!));
    const [row] = fs.readdirSync(path.join(cache, zoom!, column!));
    expect([cache, path.join(cache, zoom!), path.join(cache, zoom!, column!)].map(modeOf)).toEqual([0o700, 0o700, 0o700]);
    expect(modeOf(path.join(cache, zoom!, column!, row!))).toBe(0o600);

    await app.restart();
    const asked = tiles.requests.length;
    const again = (await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-33.5&lng=18.25' })).json().data;
    expect(again.wireless_feasibility.terrain_source).toBe('terrarium');
    expect(tiles.requests.length).toBe(asked);
  });

  it('stops asking a failing tile server after one failure, answering on flat ground meanwhile', async () => {
    failing = true;
    app = await createTestApp('sqlite', { env: { ALLOW_PRIVATE_FETCH: 'true', TERRAIN_TILES_URL: `${tiles.url}/{z}/{x}/{y}.png` } });
    const token = await signIn(app);
    await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    for (let i = 0; i < 5; i++) {
      const check = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=-33.5&lng=${18.25 + i * 0.001}` })).json().data;
      expect(check.wireless_feasibility).toMatchObject({ wireless_available: true, terrain_source: 'flat' });
    }
    // The first check and the tower's footprint, which start together, may each ask once before the first failure is known; then no one asks.
    const asked = tiles.requests.length;
    expect(asked).toBeGreaterThanOrEqual(1);
    expect(asked).toBeLessThanOrEqual(2);
    // Once the tower's footprint is done nothing else is under way: a new check asks no one either.
    await waitForFootprints(app, token);
    await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-33.5&lng=18.26' });
    expect(tiles.requests).toHaveLength(asked);
  });
});
