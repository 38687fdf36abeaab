import { describe, expect, it } from 'vitest';
import { NO_SIGNAL, type Footprint } from './footprint.js';
import { BAND_SIMPLIFY_CELLS, footprintBandAreas } from './footprintBands.js';

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
  it('nests the bands, weakest outermost, each as large as its cells to within corners (as traced: no tolerance)', () => {
    const areas = footprintBandAreas(rings(), 0);
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

  it('draws each cell in the band of its signal less the reliability margin, the median drawing at 0 dB', () => {
    expect(footprintBandAreas(rings(), BAND_SIMPLIFY_CELLS, 0)).toEqual(footprintBandAreas(rings()));
    const [poor, fair] = footprintBandAreas(rings(), BAND_SIMPLIFY_CELLS, 6);
    // −60 − 1.5·d − 6 > −80 for d < 9.33: Poor now reaches 9 cells out, Fair (above −75) 5.
    const reach = (area: typeof poor) => 18.02 - Math.min(...area!.geometry.coordinates[0]![0]!.map((p) => p[0]!));
    expect(reach(poor)).toBeCloseTo(9.5 * 0.001, 6);
    expect(reach(fair)).toBeCloseTo(5.5 * 0.001, 6);
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

  it('simplifies each area to within half a cell of its traced boundary, with fewer positions', () => {
    const footprint = rings();
    const traced = footprintBandAreas(footprint, 0);
    const simplified = footprintBandAreas(footprint);
    expect(simplified.map((area) => area.properties.band)).toEqual(traced.map((area) => area.properties.band));
    // Cells are 0.001° both ways here, so degrees / 0.001 are cells; positions are rounded to 1e-7°.
    const ROUNDING_CELLS = 1e-4;
    const toCells = (p: number[]): [number, number] => [p[0]! / 0.001, p[1]! / 0.001];
    let tracedPositions = 0;
    let simplifiedPositions = 0;
    traced.forEach((area, a) => {
      area.geometry.coordinates.forEach((polygon, p) =>
        polygon.forEach((ring, r) => {
          const kept = simplified[a]!.geometry.coordinates[p]![r]!.map(toCells);
          tracedPositions += ring.length;
          simplifiedPositions += kept.length;
          // Every traced point within half a cell of the simplified ring, every kept point one of the traced.
          for (const point of ring.map(toCells)) expect(distanceToRing(point, kept)).toBeLessThanOrEqual(BAND_SIMPLIFY_CELLS + ROUNDING_CELLS);
          for (const point of kept) expect(distanceToRing(point, ring.map(toCells))).toBeLessThan(1e-9);
          expect(Math.sign(signedArea(kept))).toBe(Math.sign(signedArea(ring.map(toCells))));
        }),
      );
    });
    // Marching squares traces the four discs with 268 positions; with no tolerance only the points
    // inside straight runs (rows, columns, diagonals) go, 104 left; within half a cell, 63.
    expect(tracedPositions).toBe(104);
    expect(simplifiedPositions).toBe(63);
  });

  it('keeps a lone cell as its diamond', () => {
    const footprint = rings();
    footprint.signalDeciDbm.fill(NO_SIGNAL);
    footprint.signalDeciDbm[10 * 40 + 10] = -700;
    const [area] = footprintBandAreas(footprint);
    expect(area!.geometry.coordinates).toHaveLength(1);
    expect(area!.geometry.coordinates[0]![0]).toHaveLength(5);
  });
});

/** Distance (cells) from a point to the nearest edge of a closed ring. */
function distanceToRing([px, py]: [number, number], ring: [number, number][]): number {
  let nearest = Infinity;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [ax, ay] = ring[i]!;
    const [bx, by] = ring[i + 1]!;
    const length2 = (bx - ax) ** 2 + (by - ay) ** 2;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length2));
    nearest = Math.min(nearest, Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay))));
  }
  return nearest;
}
