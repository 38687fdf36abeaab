import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../src/server/app.js';
import { PNG_1X1 } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { ServerPair } from './support/serverPair.js';
import { bearer } from './support/testApp.js';

const url = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A tower on the plain west of the ridge (test/support/ridgeTerrain.ts) and a target 9 km east of it. */
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30 };
const TARGET = { lat: -33.5, lng: 18.3 };

// Issue 22 section 5: logos and uploaded terrain tiles are in the database, so two servers with
// separate data folders on one PostgreSQL share them; each keeps its own disk cache.
describe.skipIf(!url)('files shared by two servers with separate data folders on one PostgreSQL', () => {
  const pair = new ServerPair(url!, 'files');
  let a: App;
  let b: App;
  let token: string;

  beforeEach(async () => {
    ({ a, b, token } = await pair.start());
  });
  afterEach(() => pair.stop());

  const dataDirOf = (app: App) => app.config.dataDir;

  /** B's answer for the link from the tower to the target: which terrain it used and whether the path is clear. */
  async function linkOnB(towerId: number): Promise<{ terrain_source: string; has_line_of_sight: boolean }> {
    const response = await b.server.inject({
      method: 'GET',
      url: `/api/line-of-sight/tower/${towerId}?lat=${TARGET.lat}&lng=${TARGET.lng}&height=2`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { terrain_source, has_line_of_sight } = response.json().data;
    return { terrain_source, has_line_of_sight };
  }

  it('serves on one server, byte for byte, the logo uploaded to the other, and neither once it is removed', async () => {
    const { payload, headers } = multipartBody({ name: 'FibreCo' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: PNG_1X1 });
    const created = await a.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
    expect(created.statusCode, created.body).toBe(200);
    const { id, logo_filename: logo } = created.json().data;

    const onB = await b.server.inject({ method: 'GET', url: `/api/providers/logo/${logo}` });
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['content-type']).toBe('image/png');
    expect(onB.rawPayload.equals(PNG_1X1)).toBe(true);
    // B keeps its copy in its own data folder, by content; A never wrote a logos folder.
    expect(fs.readdirSync(path.join(dataDirOf(b), 'file-cache'))).toEqual([sha256(PNG_1X1)]);
    expect(fs.existsSync(path.join(dataDirOf(a), 'logos'))).toBe(false);

    const removed = multipartBody({ name: 'FibreCo', remove_logo: 'true' });
    const updated = await b.server.inject({
      method: 'PUT',
      url: `/api/providers/${id}`,
      payload: removed.payload,
      headers: { ...removed.headers, ...bearer(token) },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    for (const app of [a, b]) expect((await app.server.inject({ method: 'GET', url: `/api/providers/logo/${logo}` })).statusCode).toBe(404);
  });

  it('uses on one server the terrain tile uploaded to the other, then its replacement, and neither once it is removed', async () => {
    const tower = await a.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    const towerId: number = tower.json().data.id;
    expect(await linkOnB(towerId)).toEqual({ terrain_source: 'flat', has_line_of_sight: true });

    // The ridge at lng 18.25 stands between the tower and the target.
    const uploaded = await uploadTerrainTile(a, token, `${RIDGE_TILE}.hgt`, ridgeTile());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await vi.waitFor(async () => expect(await linkOnB(towerId)).toEqual({ terrain_source: 'hgt', has_line_of_sight: false }), {
      timeout: 10_000,
      interval: 50,
    });

    // The same tile again with the ridge moved beyond the target (lng 18.5): B reads the new content, not its cached copy.
    const replaced = await uploadTerrainTile(a, token, `${RIDGE_TILE}.hgt`, ridgeTile(18.5));
    expect(replaced.statusCode, replaced.body).toBe(200);
    await vi.waitFor(async () => expect(await linkOnB(towerId)).toEqual({ terrain_source: 'hgt', has_line_of_sight: true }), { timeout: 10_000, interval: 50 });
    expect(fs.readdirSync(path.join(dataDirOf(b), 'file-cache'))).toContain(sha256(ridgeTile(18.5)));

    // Removed on B: gone on both.
    const removed = await b.server.inject({ method: 'DELETE', url: `/api/terrain/tiles/${RIDGE_TILE}`, headers: bearer(token) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await linkOnB(towerId)).toEqual({ terrain_source: 'flat', has_line_of_sight: true });
    await vi.waitFor(
      async () => {
        const tiles = await a.server.inject({ method: 'GET', url: '/api/terrain/tiles', headers: bearer(token) });
        expect(tiles.json().data).toEqual([]);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
