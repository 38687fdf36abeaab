import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../src/server/app.js';
import { PNG_1X1 } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { ServerPair } from './support/serverPair.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

const url = process.env.TEST_DATABASE_URL;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** How many times each race is run: an interleaving that breaks may not come up on the first. */
const ROUNDS = 4;
/** A tower on the plain west of the ridge (test/support/ridgeTerrain.ts) and a target 9 km east of it. */
const TOWER = { name: 'Ridge View', latitude: -33.5, longitude: 18.2, height_meters: 30 };
const TARGET = { lat: -33.5, lng: 18.3 };

/** The stored file's content as its parts hold it, hashed, and the hash stored beside it; null when there is no such file. */
async function storedContent(app: App, kind: string, name: string): Promise<{ parts: string; recorded: string } | null> {
  const file = await app.db.kysely.selectFrom('stored_files').select(['id', 'sha256']).where('kind', '=', kind).where('name', '=', name).executeTakeFirst();
  if (!file) return null;
  const parts = await app.db.kysely.selectFrom('stored_file_parts').select('data').where('file_id', '=', file.id).orderBy('part_index').execute();
  return { parts: sha256(Buffer.concat(parts.map((part) => part.data))), recorded: file.sha256 };
}

/** Two tiles of one name, the ridge in different places: 2,884,802 bytes each, three parts. */
function twoTiles(round: number): [Buffer, Buffer] {
  return [ridgeTile(18.25 + round * 0.01), ridgeTile(18.6 + round * 0.01)];
}

/** A PNG signature and header with `fill` bytes after it: a logo the server accepts, different for each fill. */
function logo(fill: number): Buffer {
  return Buffer.concat([PNG_1X1, Buffer.alloc(64 * 1024, fill)]);
}

function updateLogo(app: App, token: string, providerId: number, bytes: Buffer) {
  const { payload, headers } = multipartBody({ name: 'FibreCo' }, { field: 'logo', filename: 'logo.png', contentType: 'image/png', bytes });
  return app.server.inject({ method: 'PUT', url: `/api/providers/${providerId}`, payload, headers: { ...headers, ...bearer(token) } });
}

async function createProvider(app: App, token: string): Promise<number> {
  const { payload, headers } = multipartBody({ name: 'FibreCo' });
  const created = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data.id;
}

/**
 * Uploads two different tiles of one name at once, through `first` and `second`, ROUNDS times:
 * both are answered 200 and the stored tile is one of the two whole.
 */
async function expectTileRacesWellDefined(first: App, second: App, token: string): Promise<void> {
  for (let round = 0; round < ROUNDS; round++) {
    const tiles = twoTiles(round);
    const answers = await Promise.all([
      uploadTerrainTile(first, token, `${RIDGE_TILE}.hgt`, tiles[0]),
      uploadTerrainTile(second, token, `${RIDGE_TILE}.hgt`, tiles[1]),
    ]);
    expect(
      answers.map((answer) => `${answer.statusCode} ${answer.statusCode === 200 ? '' : answer.body}`),
      `round ${round}`,
    ).toEqual(['200 ', '200 ']);
    const stored = await storedContent(first, 'terrain', `${RIDGE_TILE}.hgt`);
    expect(stored?.parts, `round ${round}`).toBeOneOf(tiles.map(sha256));
    expect(stored?.recorded).toBe(stored?.parts);
  }
}

/**
 * Replaces one provider's logo with two different ones at once, through `first` and `second`,
 * ROUNDS times: both are answered 200, the provider names one of the two, stored whole, and no
 * other logo is left stored.
 */
async function expectLogoRacesWellDefined(first: App, second: App, token: string): Promise<void> {
  const providerId = await createProvider(first, token);
  for (let round = 0; round < ROUNDS; round++) {
    const logos = [logo(2 * round + 1), logo(2 * round + 2)];
    const answers = await Promise.all([updateLogo(first, token, providerId, logos[0]!), updateLogo(second, token, providerId, logos[1]!)]);
    expect(
      answers.map((answer) => `${answer.statusCode} ${answer.statusCode === 200 ? '' : answer.body}`),
      `round ${round}`,
    ).toEqual(['200 ', '200 ']);
    const provider = await first.server.inject({ method: 'GET', url: `/api/providers/${providerId}`, headers: bearer(token) });
    const named: string = provider.json().data.logo_filename;
    expect(await first.db.kysely.selectFrom('stored_files').select('name').where('kind', '=', 'logo').execute()).toEqual([{ name: named }]);
    const stored = await storedContent(first, 'logo', named);
    expect(stored?.parts, `round ${round}`).toBeOneOf(logos.map(sha256));
    expect(stored?.recorded).toBe(stored?.parts);
  }
}

describe.skipIf(!url)('one file replaced at once by two servers with separate data folders on one PostgreSQL', () => {
  const pair = new ServerPair(url!, 'replace');
  let a: App;
  let b: App;
  let token: string;

  beforeEach(async () => {
    ({ a, b, token } = await pair.start());
  });
  afterEach(() => pair.stop());

  it('answers both uploads of a terrain tile of one name, and stores one of them whole', async () => {
    await expectTileRacesWellDefined(a, b, token);
  });

  it("answers both replacements of a provider's logo, and stores one of them whole, the other not at all", async () => {
    await expectLogoRacesWellDefined(a, b, token);
  });
});

describe.each(databaseKinds())('one file replaced by two requests at once to one app on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  it('answers both uploads of a terrain tile of one name, and stores one of them whole', async () => {
    await expectTileRacesWellDefined(app, app, token);
  });

  it("answers both replacements of a provider's logo, and stores one of them whole, the other not at all", async () => {
    await expectLogoRacesWellDefined(app, app, token);
  });
});

describe.each(databaseKinds())('the file cache of a running app on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const cached = () => fs.readdirSync(path.join(app.dataDir, 'file-cache')).sort();
  /** Whether the ridge blocks the link from the tower to the target: read from the stored tile. */
  async function blocked(towerId: number): Promise<boolean> {
    const response = await app.server.inject({
      method: 'GET',
      url: `/api/line-of-sight/tower/${towerId}?lat=${TARGET.lat}&lng=${TARGET.lng}&height=2`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.terrain_source).toBe('hgt');
    return !response.json().data.has_line_of_sight;
  }

  it('holds only the current copy of a tile replaced twice, once the change is rebuilt, and still reads it', async () => {
    const tower = await app.server.inject({ method: 'POST', url: '/api/towers', headers: bearer(token), payload: TOWER });
    const towerId: number = tower.json().data.id;
    // The ridge between tower and target, beyond the target, then between them again (a third content).
    const versions = [ridgeTile(18.25), ridgeTile(18.5), ridgeTile(18.26)];
    for (const [index, version] of versions.entries()) {
      const uploaded = await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt`, version);
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      // Each read after the change's rebuild is of the new content, which the cache keeps; the replaced copy goes.
      await expect
        .poll(async () => ({ blocked: await blocked(towerId), cached: cached() }), { timeout: 10_000, interval: 50 })
        .toEqual({ blocked: index !== 1, cached: [sha256(version)] });
    }
  });

  it("holds only the current copy of a provider's logo replaced twice, once the change is rebuilt", async () => {
    const providerId = await createProvider(app, token);
    for (const fill of [1, 2, 3]) {
      const updated = await updateLogo(app, token, providerId, logo(fill));
      expect(updated.statusCode, updated.body).toBe(200);
      const served = await app.server.inject({ method: 'GET', url: `/api/providers/logo/${updated.json().data.logo_filename}` });
      expect(sha256(served.rawPayload)).toBe(sha256(logo(fill)));
      await expect.poll(cached, { timeout: 10_000, interval: 50 }).toEqual([sha256(logo(fill))]);
    }
  });
});
