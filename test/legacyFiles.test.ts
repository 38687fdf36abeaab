import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PNG_1X1 } from './support/kml.js';
import { RIDGE_TILE, ridgeTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, createTestApp, databaseKinds, signIn, type TestApp } from './support/testApp.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A tower on the plain west of the ridge and a target behind it (test/support/ridgeTerrain.ts). */
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30 };
const BEYOND_RIDGE = { lat: -33.5, lng: 18.3 };

/**
 * Logos (DATA_DIR/logos) and uploaded terrain tiles (DATA_DIR/terrain) an earlier version kept on
 * disk move into the database at the first start of this one: app.ts runs the move before serving.
 */
describe.each(databaseKinds())('files an earlier version kept in DATA_DIR, on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const folder = (name: string) => path.join(app.dataDir, name);
  function writeIn(name: string, file: string, bytes: Buffer): void {
    fs.mkdirSync(folder(name), { recursive: true });
    fs.writeFileSync(path.join(folder(name), file), bytes);
  }
  const storedNames = async () =>
    (await app.db.kysely.selectFrom('stored_files').select(['kind', 'name']).orderBy('kind').orderBy('name').execute()).map(
      (file) => `${file.kind} ${file.name}`,
    );
  const logo = (name: string) => app.server.inject({ method: 'GET', url: `/api/providers/logo/${name}` });
  async function blockedBeyondRidge(): Promise<boolean> {
    const tower = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    const { id } = tower.json().data;
    const check = await app.server.inject({
      method: 'GET',
      url: `/api/line-of-sight/tower/${id}?lat=${BEYOND_RIDGE.lat}&lng=${BEYOND_RIDGE.lng}&height=2`,
      headers: bearer(token),
    });
    expect(check.json().data.terrain_source).toBe('hgt');
    return !check.json().data.has_line_of_sight;
  }

  it('moves logos and uploaded tiles into the database at start, and leaves what it cannot take', async () => {
    const logoName = `${randomUUID()}.png`;
    const emptyLogo = `${randomUUID()}.png`;
    writeIn('logos', logoName, PNG_1X1);
    writeIn('logos', emptyLogo, Buffer.alloc(0));
    writeIn('logos', 'notes.txt', Buffer.from('not a logo'));
    // Names in any case were listed before; the tile is stored under its SRTM name.
    writeIn('terrain', `${RIDGE_TILE.toLowerCase()}.hgt`, ridgeTile());
    writeIn('terrain', 'readme.txt', Buffer.from('not a tile'));

    await app.restart();

    expect(await storedNames()).toEqual([`logo ${logoName}`, `terrain ${RIDGE_TILE}.hgt`]);
    const served = await logo(logoName);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    const tiles = await app.server.inject({ method: 'GET', url: '/api/terrain/tiles', headers: bearer(token) });
    expect(tiles.json().data).toEqual([{ name: RIDGE_TILE, south: -34, west: 18, arc_seconds: 3, bytes: ridgeTile().byteLength }]);
    expect(await blockedBeyondRidge()).toBe(true);
    // Moved files are gone from the folders; the empty logo (refused) and the other files stay.
    expect(fs.readdirSync(folder('logos')).sort()).toEqual([emptyLogo, 'notes.txt'].sort());
    expect(fs.readdirSync(folder('terrain'))).toEqual(['readme.txt']);

    // Starting again changes nothing.
    await app.restart();
    expect(await storedNames()).toHaveLength(2);
    expect((await logo(logoName)).rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('finishes a move broken off after storing, and leaves a file whose name is stored with other content', async () => {
    const logoName = `${randomUUID()}.png`;
    writeIn('logos', logoName, PNG_1X1);
    writeIn('terrain', `${RIDGE_TILE}.hgt`, ridgeTile());
    await app.restart();
    // As if the last start had stopped before removing the files: one the same, one changed since.
    writeIn('logos', logoName, PNG_1X1);
    const otherRidge = ridgeTile(18.5);
    writeIn('terrain', `${RIDGE_TILE}.hgt`, otherRidge);

    await app.restart();

    expect(fs.existsSync(path.join(folder('logos'), logoName))).toBe(false);
    expect(fs.readFileSync(path.join(folder('terrain'), `${RIDGE_TILE}.hgt`)).equals(otherRidge)).toBe(true);
    const stored = await app.db.kysely.selectFrom('stored_files').select('sha256').where('kind', '=', 'terrain').executeTakeFirstOrThrow();
    expect(stored.sha256).toBe(sha256(ridgeTile()));
    // The stored tile is the one used (an upload wins over a file in the folder for its cell).
    expect(await blockedBeyondRidge()).toBe(true);
  });
});

/** TERRAIN_DIR set by the operator: their folder of tiles, which the server reads and never moves nor writes. */
describe.each(databaseKinds())("the operator's TERRAIN_DIR, on %s", (kind) => {
  let app: TestApp;
  let terrainDir: string;

  beforeEach(async () => {
    terrainDir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-terrain-'));
    fs.writeFileSync(path.join(terrainDir, `${RIDGE_TILE}.hgt`), ridgeTile());
    app = await createTestApp(kind, { env: { TERRAIN_DIR: terrainDir } });
  });
  afterEach(async () => {
    await app.close();
    fs.rmSync(terrainDir, { recursive: true, force: true });
  });

  it('lists and uses its tiles, leaves them there, and refuses to remove one through the API', async () => {
    const token = await signIn(app);
    const tiles = await app.server.inject({ method: 'GET', url: '/api/terrain/tiles', headers: bearer(token) });
    expect(tiles.json().data.map((tile: { name: string }) => tile.name)).toEqual([RIDGE_TILE]);
    expect(await app.db.kysely.selectFrom('stored_files').select('name').execute()).toEqual([]);

    const removal = await app.server.inject({ method: 'DELETE', url: `/api/terrain/tiles/${RIDGE_TILE}`, headers: bearer(token) });
    expect(removal.statusCode).toBe(400);
    expect(removal.json().message).toBe(`Terrain tile ${RIDGE_TILE} is a file in the server's TERRAIN_DIR folder: remove it there`);
    expect(fs.readdirSync(terrainDir)).toEqual([`${RIDGE_TILE}.hgt`]);
    const unknown = await app.server.inject({ method: 'DELETE', url: '/api/terrain/tiles/N10E010', headers: bearer(token) });
    expect(unknown.statusCode).toBe(404);
  });
});
