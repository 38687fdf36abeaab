import { describe, expect, it } from 'vitest';
import type { TerrainSource } from '../../common/api/lineOfSight.js';
import { pathSamples } from '../../geo/elevation/pathSamples.js';
import type { ElevationSource } from './elevationSource.js';
import { FlatElevationSource } from './flatElevationSource.js';
import { Terrain } from './terrain.js';

/** A source with data west of `eastOf` longitude only, at `height` metres, sampled every 30 m. */
function westOf(kind: TerrainSource, eastOf: number, height: number): ElevationSource {
  const covers = (lng: number) => lng < eastOf;
  return {
    kind,
    spacingAt: async (point) => (covers(point.lng) ? 30 : null),
    tileAt: async (_lat, lng) => (covers(lng) ? { contains: (_a, b) => covers(b), heightAt: () => height } : null),
  };
}

const FROM = { lat: -33.5, lng: 18.2 };
const TO = { lat: -33.5, lng: 18.3 };

describe('Terrain', () => {
  it('reads each point from the first source that has data there, reporting the weakest used', async () => {
    const terrain = new Terrain([westOf('hgt', 18.25, 100), westOf('terrarium', 20, 80), new FlatElevationSource()]);
    const path = await terrain.path(FROM, TO);
    expect(path.source).toBe('terrarium');
    expect(path.terrainM[0]).toBe(100);
    expect(path.terrainM[path.terrainM.length - 1]).toBe(80);
    // About 9.3 km at the first source's 30 m.
    expect(path.distancesM.length).toBeGreaterThan(300);
  });

  it('reads every sample from the tile that holds it when a path crosses from one tile into the next', async () => {
    // One source of two tiles split at 18.25° east: 100 m west of it, 200 m east.
    const tile = (west: boolean) => ({ contains: (_a: number, lng: number) => lng < 18.25 === west, heightAt: () => (west ? 100 : 200) });
    const source: ElevationSource = { kind: 'hgt', spacingAt: async () => 30, tileAt: async (_lat, lng) => tile(lng < 18.25) };
    const path = await new Terrain([source, new FlatElevationSource()]).path(FROM, TO);
    const { lngs } = pathSamples(FROM, TO, 30, 4096);
    const wrong = [...path.terrainM].filter((height, i) => height !== (lngs[i]! < 18.25 ? 100 : 200));
    expect(path.source).toBe('hgt');
    expect(wrong).toEqual([]);
    expect(path.terrainM.filter((height) => height === 200).length).toBeGreaterThan(100);
  });

  it('puts a whole path on flat ground when part of it has no data, rather than invent a cliff', async () => {
    const terrain = new Terrain([westOf('hgt', 18.25, 100), new FlatElevationSource()]);
    const path = await terrain.path(FROM, TO);
    expect(path.source).toBe('flat');
    expect([...path.terrainM].every((height) => height === 0)).toBe(true);
    expect(path.distancesM.length).toBeGreaterThan(2);
  });

  it('gives a target on the tower itself a path of one metre', async () => {
    const path = await new Terrain([new FlatElevationSource()]).path(FROM, FROM);
    expect([...path.distancesM]).toEqual([0, expect.closeTo(1, 6)]);
  });

  it('says which source covers a point', async () => {
    const terrain = new Terrain([westOf('hgt', 18.25, 100), new FlatElevationSource()]);
    expect(await terrain.sourceAt(FROM.lat, FROM.lng)).toBe('hgt');
    expect(await terrain.sourceAt(TO.lat, TO.lng)).toBe('flat');
  });

  it('gives a footprint grid at the data spacing, its cells centred on the data posts, reaching the radius every way', async () => {
    const terrain = new Terrain([westOf('hgt', 20, 100), new FlatElevationSource()]);
    const { grid, source } = await terrain.heightGrid(FROM, 5_000, 1_000_000);
    expect(source).toBe('hgt');
    // 30 m spacing: 0.00026980° a cell; 5 km is 0.044966° of latitude and 0.053929° of longitude at 33.5° S.
    const metresPerDegree = (Math.PI * 6_371_000) / 180;
    const halfLat = 5_000 / metresPerDegree;
    const halfLng = halfLat / Math.cos((33.5 * Math.PI) / 180);
    expect(grid.cellLatDeg).toBeCloseTo(30 / metresPerDegree, 10);
    expect(grid.south).toBeLessThanOrEqual(FROM.lat - halfLat);
    expect(grid.south + (grid.rows - 1) * grid.cellLatDeg).toBeGreaterThanOrEqual(FROM.lat + halfLat - 1e-9);
    expect(grid.west).toBeLessThanOrEqual(FROM.lng - halfLng);
    expect(grid.west + (grid.cols - 1) * grid.cellLngDeg).toBeGreaterThanOrEqual(FROM.lng + halfLng - 1e-9);
    expect(Math.abs(grid.south / grid.cellLatDeg - Math.round(grid.south / grid.cellLatDeg))).toBeLessThan(1e-6);
    expect(grid.heightsM.every((height) => height === 100)).toBe(true);
  });

  it('coarsens the grid of the largest radius to stay within the cell limit', async () => {
    const terrain = new Terrain([westOf('hgt', 180, 100), new FlatElevationSource()]);
    // 200 km at 30 m would be about 190 million cells.
    const { grid } = await terrain.heightGrid(FROM, 200_000, 1_000_000);
    expect(grid.rows * grid.cols).toBeLessThanOrEqual(1_000_000);
    expect(grid.rows * grid.cols).toBeGreaterThan(800_000);
    expect(grid.south + (grid.rows - 1) * grid.cellLatDeg).toBeGreaterThanOrEqual(FROM.lat + 200_000 / 111_195);
  });

  it('puts a whole footprint grid on flat ground when part of it has no data', async () => {
    const terrain = new Terrain([westOf('hgt', 18.22, 100), new FlatElevationSource()]);
    const { grid, source } = await terrain.heightGrid(FROM, 5_000, 1_000_000);
    expect(source).toBe('flat');
    expect(grid.heightsM.every((height) => height === 0)).toBe(true);
  });
});
