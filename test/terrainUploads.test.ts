import fs from 'node:fs';
import path from 'node:path';
import { gzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { lyingGzip, lyingZip, overlappingZip } from '../src/server/terrain/testing/craftedArchives.js';
import { RIDGE_TILE, ridgeTile, uploadTerrainTile } from './support/ridgeTerrain.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/** Bytes of a 1-arc-second tile (3601² samples of 2 bytes), the largest the server takes. */
const ONE_ARC_SECOND_BYTES = 3601 * 3601 * 2;
const MiB = 1024 * 1024;

/**
 * Crafted terrain archives (src/server/terrain/testing/craftedArchives.ts): each is refused with a 400 and a
 * message saying why, nothing of it is stored, and the server keeps answering meanwhile.
 */
describe.each(databaseKinds())('terrain uploads on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const terrainDir = () => path.join(app.dataDir, 'terrain');
  const cacheDir = () => path.join(app.dataDir, 'file-cache');
  async function refusal(filename: string, bytes: Buffer): Promise<string> {
    const response = await uploadTerrainTile(app, token, filename, bytes);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().message;
  }
  async function expectNothingStored(): Promise<void> {
    const tiles = await app.server.inject({ method: 'GET', url: '/api/terrain/tiles', headers: bearer(token) });
    expect(tiles.json().data).toEqual([]);
    expect(await app.db.kysely.selectFrom('stored_files').select('name').execute()).toEqual([]);
    // The upload's inflated temporary file is gone too.
    expect(fs.existsSync(cacheDir()) ? fs.readdirSync(cacheDir()) : []).toEqual([]);
  }

  it('refuses a zip whose directory lists many entries over one tile, from the directory alone', async () => {
    const forty = overlappingZip(
      Array.from({ length: 40 }, (_, i) => `N${String(i).padStart(2, '0')}E000.hgt`),
      ONE_ARC_SECOND_BYTES,
    );
    expect(forty.length).toBeLessThan(40_000);
    expect(await refusal('N00E000.hgt.zip', forty)).toBe(
      'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else (it holds 40 files: N00E000.hgt, N01E000.hgt, N02E000.hgt, …)',
    );
    const many = overlappingZip(
      Array.from({ length: 150 }, () => `${RIDGE_TILE}.hgt`),
      ONE_ARC_SECOND_BYTES,
    );
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, many)).toBe(
      'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else (it holds 150 entries)',
    );
    await expectNothingStored();
  });

  it('refuses a zip entry that inflates past the size its directory declares, stopping there', async () => {
    const lying = lyingZip(`${RIDGE_TILE}.hgt`, ONE_ARC_SECOND_BYTES, 64 * MiB);
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, lying)).toBe(
      'S34E018.hgt in the .zip file inflates to more than the 25,934,402 bytes its directory declares',
    );
    const declaredHuge = lyingZip(`${RIDGE_TILE}.hgt`, 4_000_000_000, 64 * MiB);
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, declaredHuge)).toContain(
      'S34E018.hgt in the .zip file is 4000000000 bytes: an SRTM tile has 1201×1201 samples',
    );
    const short = lyingZip(`${RIDGE_TILE}.hgt`, ONE_ARC_SECOND_BYTES, MiB);
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, short)).toContain('S34E018 is 1048576 bytes: an SRTM tile has 1201×1201 samples');
    await expectNothingStored();
  });

  it('refuses archives nested in a zip, named as what they are or as a tile', async () => {
    const zipInZip = Buffer.from(zipSync({ [`${RIDGE_TILE}.hgt.zip`]: zipSync({ [`${RIDGE_TILE}.hgt`]: ridgeTile() }) }));
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, zipInZip)).toBe(
      'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else (it holds 1 file: S34E018.hgt.zip)',
    );
    const gzInZip = Buffer.from(zipSync({ [`${RIDGE_TILE}.hgt.gz`]: gzipSync(ridgeTile()) }));
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, gzInZip)).toBe(
      'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else (it holds 1 file: S34E018.hgt.gz)',
    );
    const disguised = Buffer.from(zipSync({ [`${RIDGE_TILE}.hgt`]: zipSync({ [`${RIDGE_TILE}.hgt`]: ridgeTile() }) }));
    expect(await refusal(`${RIDGE_TILE}.hgt.zip`, disguised)).toMatch(/^S34E018\.hgt in the \.zip file is \d+ bytes: an SRTM tile has 1201×1201 samples/);
    await expectNothingStored();
  });

  it('refuses a .gz that inflates past the largest tile, whatever its trailer says', async () => {
    const honest = Buffer.from(gzipSync(new Uint8Array(ONE_ARC_SECOND_BYTES + 2)));
    expect(await refusal(`${RIDGE_TILE}.hgt.gz`, honest)).toBe('The .gz file inflates to more than an SRTM tile (25,934,402 bytes at most)');
    const lying = lyingGzip(1201 * 1201 * 2, 64 * MiB);
    expect(await refusal(`${RIDGE_TILE}.hgt.gz`, lying)).toBe('The .gz file inflates to more than an SRTM tile (25,934,402 bytes at most)');
    expect(await refusal(`${RIDGE_TILE}.hgt.gz.gz`, Buffer.from(gzipSync(gzipSync(ridgeTile()))))).toBe(
      'Terrain tiles are named like the SRTM files, e.g. S34E018.hgt (also .hgt.zip or .hgt.gz)',
    );
    await expectNothingStored();
  });

  it('keeps answering health checks while it refuses bad archives, one inflating to 4 GiB', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `N${String(i).padStart(2, '0')}E000.hgt`);
    const refusals = (async () => [
      await refusal('N00E000.hgt.zip', overlappingZip(names, ONE_ARC_SECOND_BYTES)),
      await refusal(`${RIDGE_TILE}.hgt.zip`, lyingZip(`${RIDGE_TILE}.hgt`, ONE_ARC_SECOND_BYTES, 4096 * MiB)),
    ])();
    const lateness = await probeHealthWhile(refusals);
    expect(lateness.length).toBeGreaterThan(0);
    expect(Math.max(...lateness)).toBeLessThan(1000);
    expect(await refusals).toEqual([
      expect.stringContaining('(it holds 40 files:'),
      'S34E018.hgt in the .zip file inflates to more than the 25,934,402 bytes its directory declares',
    ]);
    await expectNothingStored();
  });

  /**
   * Asks /api/health every 10 ms until `work` settles, as a load balancer would; answers how late
   * each answer came after the moment its request was due, in ms (a blocked event loop delays both
   * the timer and the answer).
   */
  async function probeHealthWhile(work: Promise<unknown>): Promise<number[]> {
    let settled = false;
    void work.finally(() => {
      settled = true;
    });
    const lateness: number[] = [];
    const until = performance.now() + 60_000;
    let due = performance.now();
    while (!settled && due < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const health = await app.server.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      lateness.push(performance.now() - due);
      // The next request is due 10 ms on, or now if this one came later than that.
      due = Math.max(due + 10, performance.now());
    }
    return lateness;
  }

  it('stores an uploaded tile in the database, leaving no temporary file on disk', async () => {
    const uploaded = await uploadTerrainTile(app, token, `${RIDGE_TILE}.hgt.gz`, Buffer.from(gzipSync(ridgeTile())));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const stored = await app.db.kysely.selectFrom('stored_files').select(['kind', 'name', 'byte_size']).execute();
    expect(stored).toEqual([{ kind: 'terrain', name: `${RIDGE_TILE}.hgt`, byte_size: ridgeTile().byteLength }]);
    expect(fs.existsSync(terrainDir())).toBe(false);
    expect(fs.readdirSync(cacheDir()).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
