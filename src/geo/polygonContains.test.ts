import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { polygonsContain } from './polygonContains.js';

const ring = (west: number, south: number, east: number, north: number): Position[] => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

describe('polygonsContain', () => {
  const withHole = [ring(0, 0, 4, 4), ring(1, 1, 3, 3)];
  const island = [ring(10, 10, 11, 11)];

  it('answers inside the outer ring and outside its hole', () => {
    expect(polygonsContain([withHole], 0.5, 0.5)).toBe(true);
    expect(polygonsContain([withHole], 2, 2)).toBe(false);
    expect(polygonsContain([withHole], 5, 2)).toBe(false);
  });

  it('counts the outer edge and the hole edge as inside', () => {
    expect(polygonsContain([withHole], 4, 2)).toBe(true);
    expect(polygonsContain([withHole], 1, 2)).toBe(true);
    expect(polygonsContain([withHole], 0, 0)).toBe(true);
  });

  it('answers for any part of a multipolygon', () => {
    expect(polygonsContain([withHole, island], 10.5, 10.5)).toBe(true);
    expect(polygonsContain([withHole, island], 9.5, 10.5)).toBe(false);
  });
});
