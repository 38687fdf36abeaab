import { describe, expect, it } from 'vitest';
import type { Footprint } from '../../geo/rf/footprint.js';
import { deflateFootprint, inflatedBytes } from './deflatedFootprint.js';
import { FootprintMemory, type KeptFootprint } from './footprintMemory.js';
import { readFootprint } from './footprintService.js';

/** A 10 x 10 grid whose every cell has the signal `dbm`: 200 + 13 + 13 + 100 = 326 bytes inflated. */
function grid(dbm: number): Footprint {
  return {
    south: -34,
    west: 18.5,
    cellLatDeg: 0.01,
    cellLngDeg: 0.01,
    rows: 10,
    cols: 10,
    signalDeciDbm: new Int16Array(100).fill(dbm * 10),
    fresnel60: new Uint8Array(13).fill(255),
    lineOfSight: new Uint8Array(13).fill(255),
    servingAntenna: new Uint8Array(100).fill(0),
  };
}

const BYTES = 326;

async function kept(towerId: number, dbm: number): Promise<KeptFootprint> {
  const grids = await deflateFootprint(grid(dbm));
  return { towerId, inputsKey: `key ${towerId}`, terrainSource: 'hgt', sectorIds: [40 + towerId], grids, areas: new Uint8Array(), reach: null };
}

/** What the footprint says at a cell of the grid's middle, 10 km radius around it. */
function readingOf(memory: FootprintMemory, footprint: KeptFootprint) {
  const tower = { latitude: -33.95, longitude: 18.55, coverage_radius_km: 10 };
  return readFootprint(
    { footprint: memory.grids(footprint), terrainSource: footprint.terrainSource, sectorIds: footprint.sectorIds },
    { lat: -33.95, lng: 18.55 },
    tower,
  );
}

describe('FootprintMemory', () => {
  it('inflates a footprint on its first read and answers the next from the same grids', async () => {
    expect(inflatedBytes(grid(-60))).toBe(BYTES);
    const memory = new FootprintMemory(10 * BYTES);
    const a = await kept(1, -60);
    memory.set(a);
    expect(memory.inflatedBytes).toBe(0);
    const first = memory.grids(a);
    expect(memory.inflatedBytes).toBe(BYTES);
    expect(memory.grids(a)).toBe(first);
    expect(readingOf(memory, a)).toEqual({ lineOfSight: true, signalDbm: -60, fresnel60Clear: true, terrainSource: 'hgt', sectorId: 41 });
  });

  it('holds inflated grids up to its bound in bytes, dropping the least recently read, and reads a dropped one the same again', async () => {
    // Room for exactly two footprints' grids.
    const memory = new FootprintMemory(2 * BYTES);
    const [a, b, c] = await Promise.all([kept(1, -60), kept(2, -70), kept(3, -80)]);
    for (const footprint of [a, b, c]) memory.set(footprint);
    const aFirst = memory.grids(a);
    const bFirst = memory.grids(b);
    expect(memory.inflatedBytes).toBe(2 * BYTES);
    // At the bound both are still held.
    expect(memory.grids(a)).toBe(aFirst);

    // c pushes out b, read before a last.
    memory.grids(c);
    expect(memory.inflatedBytes).toBe(2 * BYTES);
    expect(memory.grids(a)).toBe(aFirst);
    const bAgain = memory.grids(b);
    expect(bAgain).not.toBe(bFirst);
    expect(bAgain).toEqual(bFirst);
    expect(readingOf(memory, b)).toEqual({ lineOfSight: true, signalDbm: -70, fresnel60Clear: true, terrainSource: 'hgt', sectorId: 42 });
    expect(memory.inflatedBytes).toBe(2 * BYTES);
  });

  it("drops a footprint's inflated grids with it when the tower's next one replaces it or the tower goes", async () => {
    const memory = new FootprintMemory(10 * BYTES);
    const before = await kept(1, -60);
    memory.set(before);
    memory.grids(before);
    const after = { ...(await kept(1, -65)), inputsKey: 'key 1 moved' };
    memory.set(after);
    expect(memory.inflatedBytes).toBe(0);
    expect(memory.get(1)).toBe(after);
    expect(readingOf(memory, after).signalDbm).toBe(-65);
    memory.delete(1);
    expect(memory.inflatedBytes).toBe(0);
    expect(memory.towerIds()).toEqual([]);
  });

  it('inflates a footprint larger than the whole bound for each read, without keeping it', async () => {
    const memory = new FootprintMemory(BYTES - 1);
    const a = await kept(1, -60);
    memory.set(a);
    expect(memory.grids(a)).toEqual(grid(-60));
    expect(memory.inflatedBytes).toBe(0);
  });
});
