import { describe, expect, it } from 'vitest';
import { NO_SIGNAL, type Footprint } from './footprint.js';
import { footprintBandAreas } from './footprintBands.js';

/** A 40 x 40 footprint of 0.001° cells: signal falling off with distance from the centre, none beyond 15 cells. */
function rings(): Footprint {
  const rows = 40;
  const cols = 40;
  const signalDeciDbm = new Int16Array(rows * cols).fill(NO_SIGNAL);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const d = Math.hypot(r - 20, c - 20);
      if (d <= 15) signalDeciDbm[r * cols + c] = Math.round((-60 - d * 1.5) * 10);
    }
  }
  return { south: -33, west: 18, cellLatDeg: 0.001, cellLngDeg: 0.001, rows, cols, signalDeciDbm, fresnel60: new Uint8Array(200) };
}

/** Shoelace area of a ring in square degrees: positive when counter-clockwise (x east, y north). */
function signedArea(ring: number[][]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return sum / 2;
}

describe('footprintBandAreas', () => {
  it('nests the bands, weakest outermost, each as large as its cells to within corners', () => {
    const areas = footprintBandAreas(rings());
    expect(areas.map((area) => area.properties.band)).toEqual(['Poor', 'Fair', 'Good', 'Excellent']);
    const cellArea = 0.001 * 0.001;
    const cells = areas.map(
      (area) => area.geometry.coordinates.reduce((sum, polygon) => sum + polygon.reduce((s, ring) => s + signedArea(ring), 0), 0) / cellArea,
    );
    // Signal −60 − 1.5·d dBm: Excellent above −65 (d < 3.33), Good above −70 (d < 6.67), Fair above −75 (d < 10), Poor above −80 (d < 13.3).
    const count = (limit: number) => {
      let n = 0;
      for (let r = 0; r < 40; r++)
        for (let c = 0; c < 40; c++) if (Math.hypot(r - 20, c - 20) <= 15 && Math.round((-60 - Math.hypot(r - 20, c - 20) * 1.5) * 10) / 10 > limit) n++;
      return n;
    };
    // Marching squares cuts convex corners and fills concave ones by an eighth of a cell each.
    [count(-80), count(-75), count(-70), count(-65)].forEach((expected, i) =>
      expect(Math.abs(cells[i]! - expected)).toBeLessThanOrEqual(Math.max(1.5, expected * 0.01)),
    );
  });

  it('puts the areas where the cells are, with exterior rings counter-clockwise', () => {
    const [poor] = footprintBandAreas(rings());
    const outer = poor!.geometry.coordinates[0]![0]!;
    expect(signedArea(outer)).toBeGreaterThan(0);
    const lngs = outer.map((p) => p[0]!);
    const lats = outer.map((p) => p[1]!);
    // Cell 20 is the centre (18.020, -32.980); Poor reaches 13 cells out, to the cells' edges.
    expect(Math.min(...lngs)).toBeCloseTo(18.02 - 13.5 * 0.001, 6);
    expect(Math.max(...lats)).toBeCloseTo(-32.98 + 13.5 * 0.001, 6);
  });

  it('draws nothing for a footprint without usable cells', () => {
    const footprint = rings();
    footprint.signalDeciDbm.fill(-900);
    expect(footprintBandAreas(footprint)).toEqual([]);
  });

  it('draws only the cells that see the tower when the footprint says which do (ITM gives the others a signal too)', () => {
    const footprint = rings();
    const lineOfSight = new Uint8Array(200);
    // Only the cells south of the centre row see the tower.
    for (let cell = 0; cell < 20 * 40; cell++) lineOfSight[cell >> 3]! |= 1 << (cell & 7);
    const areas = footprintBandAreas({ ...footprint, lineOfSight });
    const lats = areas.flatMap((area) => area.geometry.coordinates.flat(2).map((point) => point[1]!));
    expect(lats.length).toBeGreaterThan(0);
    expect(Math.max(...lats)).toBeCloseTo(-33 + 19.5 * 0.001, 6);
  });
});
