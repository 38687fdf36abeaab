import { describe, expect, it } from 'vitest';
import { ringBounds } from './packedGeometry.js';

describe('ringBounds', () => {
  it('gives the bounds of a ring as west, south, east, north', () => {
    expect(ringBounds(new Float64Array([18.4, -33.9, 18.5, -33.95, 18.45, -33.8, 18.4, -33.9]))).toEqual({
      west: 18.4,
      south: -33.95,
      east: 18.5,
      north: -33.8,
    });
  });

  it('gives an empty ring a box that holds nothing', () => {
    expect(ringBounds(new Float64Array(0))).toEqual({ west: Infinity, south: Infinity, east: -Infinity, north: -Infinity });
  });
});
