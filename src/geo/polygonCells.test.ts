import { describe, expect, it } from 'vitest';
import { CELL_BOUNDARY, CELL_INSIDE, CELL_OUTSIDE, PolygonCells } from './polygonCells.js';
import { polygonContains } from './testing/pointInPolygonReference.js';
import { unpackGeometry } from './packedGeometry.js';

describe('PolygonCells', () => {
  // A diamond over the box [0, 16] x [0, 16] with a square hole [6, 10] x [6, 10]; grid cells are 1 x 1.
  const diamond = [new Float64Array([8, 0, 16, 8, 8, 16, 0, 8, 8, 0]), new Float64Array([6, 6, 10, 6, 10, 10, 6, 10, 6, 6])];
  const exact = (_: number, lng: number, lat: number) => polygonContains(unpackGeometry([diamond]), lng, lat);
  const cells = PolygonCells.build([diamond], new Float64Array([0, 0, 16, 16]), exact);

  it('knows the whole cells outside the diamond, near the corners of its box', () => {
    expect(cells.state(0, 0.5, 0.5)).toBe(CELL_OUTSIDE);
    expect(cells.state(0, 15.5, 15.5)).toBe(CELL_OUTSIDE);
  });

  it('knows the whole cells inside, between the diamond and the hole', () => {
    expect(cells.state(0, 8.5, 3.5)).toBe(CELL_INSIDE);
    expect(cells.state(0, 3.5, 8.5)).toBe(CELL_INSIDE);
  });

  it('knows the whole cells in the hole as outside', () => {
    expect(cells.state(0, 7.5, 7.5)).toBe(CELL_OUTSIDE);
  });

  it('leaves the cells an edge passes through to the exact test', () => {
    expect(cells.state(0, 4, 4)).toBe(CELL_BOUNDARY);
    expect(cells.state(0, 6, 8)).toBe(CELL_BOUNDARY);
    expect(cells.state(0, 8, 0)).toBe(CELL_BOUNDARY);
  });

  it('never contradicts the exact test, and decides every cell no edge comes near', () => {
    const counts = { [CELL_INSIDE]: 0, [CELL_OUTSIDE]: 0, [CELL_BOUNDARY]: 0 };
    for (let lng = 0.05; lng < 16; lng += 0.1) {
      for (let lat = 0.05; lat < 16; lat += 0.1) {
        const state = cells.state(0, lng, lat);
        counts[state] += 1;
        if (state !== CELL_BOUNDARY) expect(state === CELL_INSIDE).toBe(exact(0, lng, lat));
      }
    }
    // 100 sampled points per cell. An edge (widened by the tolerance) marks at most the 3 cells of
    // each row it runs through for a diagonal, 2 rows or columns of cells for an edge of the hole;
    // every other cell is whole. Outside: 6 + 5 + 4 + 3 + 2 + 1 = 21 cells in each corner of the
    // box and the 2 x 2 cells in the middle of the hole, 88 cells. Inside: rows 2 to 7 hold 2, 4,
    // 6, 2, 4 and 6 whole cells between the diamond's edges and the hole's, as do rows 13 to 8,
    // 48 cells. A grid that left everything to the exact test would find none of either.
    expect(counts[CELL_INSIDE] + counts[CELL_OUTSIDE] + counts[CELL_BOUNDARY]).toBe(160 * 160);
    expect(counts[CELL_OUTSIDE]).toBeGreaterThanOrEqual(88 * 100);
    expect(counts[CELL_INSIDE]).toBeGreaterThanOrEqual(48 * 100);
  });
});
