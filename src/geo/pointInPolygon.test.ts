import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { packRing } from './packedGeometry.js';
import { INSIDE, ON_EDGE, OUTSIDE } from './pointInPolygon.js';
import { polygonContains, ringSide } from './testing/pointInPolygonReference.js';

function polygon(...rings: Position[][]): Polygon {
  return { type: 'Polygon', coordinates: rings };
}

/** Closed square ring [lng, lat] from (west, south) to (east, north). */
function square(west: number, south: number, east: number, north: number): Position[] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

describe('polygonContains: a square', () => {
  const unit = polygon(square(0, 0, 10, 10));

  it.each([
    [5, 5, true],
    [0.001, 9.999, true],
    [-0.001, 5, false],
    [5, 10.001, false],
    [20, 20, false],
    [-5, -5, false],
  ])('(%d, %d) inside: %s', (lng, lat, inside) => {
    expect(polygonContains(unit, lng, lat)).toBe(inside);
  });

  it.each([
    [0, 5],
    [10, 5],
    [5, 0],
    [5, 10],
  ])('counts (%d, %d) on an edge as inside', (lng, lat) => {
    expect(polygonContains(unit, lng, lat)).toBe(true);
  });

  it.each([
    [0, 0],
    [10, 0],
    [10, 10],
    [0, 10],
  ])('counts the vertex (%d, %d) as inside', (lng, lat) => {
    expect(polygonContains(unit, lng, lat)).toBe(true);
  });

  it('takes points as (lng, lat): a wide rectangle holds (15, 1) but not (1, 15)', () => {
    const wide = polygon(square(0, 0, 20, 2));
    expect(polygonContains(wide, 15, 1)).toBe(true);
    expect(polygonContains(wide, 1, 15)).toBe(false);
  });
});

describe('polygonContains: a square with a hole', () => {
  const framed = polygon(square(0, 0, 10, 10), square(3, 3, 7, 7));

  it('leaves out the hole', () => {
    expect(polygonContains(framed, 5, 5)).toBe(false);
  });

  it('keeps the frame around the hole', () => {
    expect(polygonContains(framed, 1, 1)).toBe(true);
    expect(polygonContains(framed, 8, 5)).toBe(true);
  });

  it("counts the hole's edge and vertices as inside the polygon", () => {
    expect(polygonContains(framed, 3, 5)).toBe(true);
    expect(polygonContains(framed, 7, 7)).toBe(true);
  });
});

describe('polygonContains: shapes', () => {
  it('a concave U leaves out its notch', () => {
    const u = polygon([
      [0, 0],
      [9, 0],
      [9, 9],
      [6, 9],
      [6, 3],
      [3, 3],
      [3, 9],
      [0, 9],
      [0, 0],
    ]);
    expect(polygonContains(u, 4.5, 6)).toBe(false);
    expect(polygonContains(u, 1.5, 6)).toBe(true);
    expect(polygonContains(u, 7.5, 6)).toBe(true);
    expect(polygonContains(u, 4.5, 1.5)).toBe(true);
    expect(polygonContains(u, 4.5, 3)).toBe(true);
  });

  it('a ray through vertices counts each crossing once', () => {
    const diamond = polygon([
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ]);
    expect(polygonContains(diamond, 0, 0)).toBe(true);
    expect(polygonContains(diamond, -2, 0)).toBe(false);
    expect(polygonContains(diamond, 0.5, 0.5)).toBe(true);
    expect(polygonContains(diamond, 0.5, 0.6)).toBe(false);
  });

  it('a point on a diagonal edge is inside, one a millionth of a degree off it is not', () => {
    const triangle = polygon([
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(polygonContains(triangle, 0.3, 0.3)).toBe(true);
    expect(polygonContains(triangle, 0.3, 0.3 + 1e-6)).toBe(false);
    expect(polygonContains(triangle, 0.3, 0.3 - 1e-6)).toBe(true);
  });

  it('reads a ring that does not repeat its first vertex', () => {
    const open = polygon([
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ]);
    expect(polygonContains(open, 2, 2)).toBe(true);
    expect(polygonContains(open, 0, 2)).toBe(true);
    expect(polygonContains(open, 5, 2)).toBe(false);
  });

  it('a multipolygon contains the points of each part and none between them', () => {
    const two: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square(0, 0, 1, 1)], [square(5, 5, 6, 6), square(5.4, 5.4, 5.6, 5.6)]] };
    expect(polygonContains(two, 0.5, 0.5)).toBe(true);
    expect(polygonContains(two, 5.2, 5.2)).toBe(true);
    expect(polygonContains(two, 5.5, 5.5)).toBe(false);
    expect(polygonContains(two, 3, 3)).toBe(false);
  });

  it('real coordinates: a Pretoria block holds its middle, not a point 100 m east', () => {
    const block = polygon(square(28.2275, -25.7495, 28.2295, -25.7475));
    expect(polygonContains(block, 28.2285, -25.7485)).toBe(true);
    expect(polygonContains(block, 28.2305, -25.7485)).toBe(false);
  });
});

describe('ringSide', () => {
  const ring = packRing(square(0, 0, 2, 2));

  it('tells inside, edge and outside apart', () => {
    expect(ringSide(ring, 1, 1)).toBe(INSIDE);
    expect(ringSide(ring, 2, 1)).toBe(ON_EDGE);
    expect(ringSide(ring, 3, 1)).toBe(OUTSIDE);
  });

  it('finds nothing inside an empty ring', () => {
    expect(ringSide(new Float64Array(0), 0, 0)).toBe(OUTSIDE);
  });
});
