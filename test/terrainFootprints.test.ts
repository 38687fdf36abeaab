import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { readyFootprint } from './support/footprints.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

/**
 * The public answer follows the terrain under a tower's footprint: tile S34E018 first flat (a 100 m
 * plain), then replaced by the ridge tile of the same size (test/support/ridgeTerrain.ts, a 400 m
 * ridge at lng 18.25). The tower stands at lng 18.2 with a 6 km radius; BEHIND is 0.01° (about
 * 930 m) east of where the ridge rises.
 */
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 6 };
const BEHIND = { lat: -33.5, lng: 18.26 };
const flatTile = () => Buffer.from(hgtBytes(1201, () => 100));

describe.each(databaseKinds())('footprints over a replaced terrain tile on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  async function upload(bytes: Buffer): Promise<void> {
    const response = await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt`, bytes);
    expect(response.statusCode, response.body).toBe(200);
  }
  async function createTower(): Promise<number> {
    const response = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }
  /** The public check's wireless answer behind the ridge. */
  async function behindTheRidge(): Promise<{ covered: boolean; lineOfSight: boolean }> {
    const data = (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${BEHIND.lat}&lng=${BEHIND.lng}` })).json().data;
    return { covered: data.coverage_available, lineOfSight: data.wireless_feasibility.tower_distances[0].has_line_of_sight };
  }

  it('recomputes the footprint when a tile is replaced by another of the same size, and keeps the new answer after a restart', async () => {
    await upload(flatTile());
    const id = await createTower();
    const overFlat = (await readyFootprint(app, token, id)).updated_at;
    expect(await behindTheRidge()).toEqual({ covered: true, lineOfSight: true });

    await upload(ridgeTile());
    await readyFootprint(app, token, id, overFlat);
    expect(await behindTheRidge()).toEqual({ covered: false, lineOfSight: false });

    await app.restart();
    await readyFootprint(app, token, id);
    expect(await behindTheRidge()).toEqual({ covered: false, lineOfSight: false });
  });
});

/** The operator's own TERRAIN_DIR: tiles copied in by hand, read by the server and keyed on their content. */
describe.each(databaseKinds())("footprints over a tile replaced by hand in the operator's TERRAIN_DIR on %s", (kind) => {
  let app: TestApp;
  let token: string;
  let terrainDir: string;

  beforeEach(async () => {
    terrainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-terrain-'));
    fs.writeFileSync(path.join(terrainDir, `${RIDGE_TILE}.hgt`), flatTile());
    app = await createTestApp(kind, { env: { TERRAIN_DIR: terrainDir } });
    token = await signIn(app);
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(terrainDir, { recursive: true, force: true });
  });

  it('recomputes the footprint over a tile copied into the folder by hand, once the server restarts', async () => {
    const response = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    const id: number = response.json().data.id;
    const overFlat = (await readyFootprint(app, token, id)).updated_at;
    const check = async () => (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${BEHIND.lat}&lng=${BEHIND.lng}` })).json().data;
    expect((await check()).coverage_available).toBe(true);

    // As an operator would: the same file name and size, other heights, no upload.
    fs.writeFileSync(path.join(terrainDir, `${RIDGE_TILE}.hgt`), ridgeTile());
    await app.restart();
    await readyFootprint(app, token, id, overFlat);
    expect((await check()).coverage_available).toBe(false);
    // The folder is the operator's: nothing of it moved into the database.
    expect(await app.db.kysely.selectFrom('stored_files').select('name').execute()).toEqual([]);
  });
});
