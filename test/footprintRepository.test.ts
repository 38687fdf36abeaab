/**
 * The footprint repository keeps a footprint's line-of-sight bits (footprints computed with
 * propagation settings, where ITM gives hidden cells a signal too) beside its Fresnel bits, in the
 * same column, and reads rows written without them as before.
 */
import { describe, expect, it } from 'vitest';
import { type Footprint, isLineOfSight, NO_SIGNAL } from '../src/geo/rf/footprint.js';
import { deflateFootprint, inflateFootprint } from '../src/server/footprints/deflatedFootprint.js';
import { FootprintRepository } from '../src/server/footprints/footprintRepository.js';
import { readyFootprint } from './support/footprints.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

const ROWS = 30;
const COLS = 41;

/** A footprint whose every cell has a signal, every third one seeing the tower, every sixth with a clear Fresnel zone. */
function itmLikeFootprint(withLineOfSight: boolean): Footprint {
  const cells = ROWS * COLS;
  const signalDeciDbm = Int16Array.from({ length: cells }, (_, cell) => -500 - (cell % 400));
  const fresnel60 = new Uint8Array(Math.ceil(cells / 8));
  const lineOfSight = new Uint8Array(fresnel60.length);
  for (let cell = 0; cell < cells; cell += 3) {
    lineOfSight[cell >> 3]! |= 1 << (cell & 7);
    if (cell % 6 === 0) fresnel60[cell >> 3]! |= 1 << (cell & 7);
  }
  return {
    south: -33.6,
    west: 18.1,
    cellLatDeg: 0.001,
    cellLngDeg: 0.0012,
    rows: ROWS,
    cols: COLS,
    signalDeciDbm,
    fresnel60,
    ...(withLineOfSight && { lineOfSight }),
  };
}

describe.each(databaseKinds())('footprint repository on %s', (kind) => {
  let app: TestApp;
  let token: string;
  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  async function towerWithFootprint(): Promise<number> {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/towers',
      headers: bearer(token),
      payload: { name: 'Store', latitude: -33.5, longitude: 18.2, height_meters: 30, coverage_radius_km: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const towerId = response.json().data.id as number;
    // The service's own computation first, so that it does not overwrite the rows written here.
    await readyFootprint(app, token, towerId);
    return towerId;
  }

  it.each([true, false])('stores and reads back the grids (line-of-sight bits: %s)', async (withLineOfSight) => {
    const towerId = await towerWithFootprint();
    const repository = new FootprintRepository(app.db.kysely);
    const footprint = itmLikeFootprint(withLineOfSight);
    const now = new Date().toISOString();
    await repository.markComputing(towerId, 'round-trip', now);
    expect(
      await repository.saveResult(towerId, 'round-trip', await deflateFootprint(footprint), '{"type":"FeatureCollection","features":[]}', [], 'hgt', 12, now),
    ).toBe(true);
    const found = (await repository.find(towerId))!;
    const stored = inflateFootprint(found.grids);
    // An omni tower's footprint has no serving sectors.
    expect(stored.servingAntenna).toBeUndefined();
    expect(found.sectorIds).toEqual([]);
    expect(Array.from(stored.signalDeciDbm)).toEqual(Array.from(footprint.signalDeciDbm));
    expect(Array.from(stored.fresnel60)).toEqual(Array.from(footprint.fresnel60));
    if (withLineOfSight) {
      expect(Array.from(stored.lineOfSight!)).toEqual(Array.from(footprint.lineOfSight!));
      expect(isLineOfSight(stored, 3)).toBe(true);
      expect(isLineOfSight(stored, 4)).toBe(false);
    } else {
      // Read as the footprints of before: a cell sees the tower where it has a signal.
      expect(stored.lineOfSight).toBeUndefined();
      expect(isLineOfSight(stored, 4)).toBe(stored.signalDeciDbm[4] !== NO_SIGNAL);
    }
  });

  it('stores and reads back the serving sector of each cell and the sector ids of a united footprint', async () => {
    const towerId = await towerWithFootprint();
    const repository = new FootprintRepository(app.db.kysely);
    const servingAntenna = Uint8Array.from({ length: ROWS * COLS }, (_, cell) => (cell % 5 === 0 ? 255 : cell % 3));
    const footprint = { ...itmLikeFootprint(true), servingAntenna };
    const now = new Date().toISOString();
    await repository.markComputing(towerId, 'sectors', now);
    expect(
      await repository.saveResult(
        towerId,
        'sectors',
        await deflateFootprint(footprint),
        '{"type":"FeatureCollection","features":[]}',
        [41, 7, 12],
        'hgt',
        12,
        now,
      ),
    ).toBe(true);
    const [ready] = await repository.findReady(new Map([[towerId, 'sectors']]));
    expect(ready!.sectorIds).toEqual([41, 7, 12]);
    expect(Array.from(inflateFootprint(ready!.grids).servingAntenna!)).toEqual(Array.from(servingAntenna));
  });

  it('moves a computing row\u2019s time with its progress, and only for the inputs being computed', async () => {
    const towerId = await towerWithFootprint();
    const repository = new FootprintRepository(app.db.kysely);
    await repository.markComputing(towerId, 'moving', '2026-11-26T10:00:00.000Z');
    await repository.setProgress(towerId, 'moving', 0.3, '2026-11-26T10:04:00.000Z');
    await repository.setProgress(towerId, 'other inputs', 0.9, '2026-11-26T10:09:00.000Z');
    expect(await repository.state(towerId)).toMatchObject({ status: 'computing', progress: 0.3, updatedAt: '2026-11-26T10:04:00.000Z' });
  });
});
