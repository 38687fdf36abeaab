import { describe, expect, it } from 'vitest';
import type { PackedCoveragePlacemark } from '../../../geo/kml/parseCoverageKml.js';
import { colorOutlines } from './colorOutlines.js';

/** A square ring from (lng, lat) with side `side` degrees, packed and closed. */
const square = (lng: number, lat: number, side: number) =>
  new Float64Array([lng, lat, lng + side, lat, lng + side, lat + side, lng, lat + side, lng, lat]);
const placemark = (color: string | null, ...rings: Float64Array[]): PackedCoveragePlacemark => ({ name: null, color, polygons: rings.map((ring) => [ring]) });

describe('colorOutlines', () => {
  it('fits the outer rings of each colour into the 32-unit box, north up', () => {
    const outlines = colorOutlines([placemark('#ff6600', square(0, 0, 1)), placemark(null, square(5, 5, 1))]);
    expect([...outlines.keys()]).toEqual(['#ff6600']);
    expect(outlines.get('#ff6600')).toBe('M0.0 32.0L32.0 32.0L32.0 0.0L0.0 0.0L0.0 32.0Z');
  });

  it('draws every polygon of a colour in one picture, centred on the shorter side', () => {
    const path = colorOutlines([placemark('#4caf50', square(0, 0, 1)), placemark('#4caf50', square(3, 0, 1))]).get('#4caf50');
    expect(path).toBe('M0.0 20.0L8.0 20.0L8.0 12.0L0.0 12.0L0.0 20.0ZM24.0 20.0L32.0 20.0L32.0 12.0L24.0 12.0L24.0 20.0Z');
  });

  it('thins a ring of many vertices to a few dozen', () => {
    const circle = new Float64Array(2 * 1001);
    for (let k = 0; k <= 1000; k++) {
      circle[2 * k] = Math.cos((2 * Math.PI * k) / 1000);
      circle[2 * k + 1] = Math.sin((2 * Math.PI * k) / 1000);
    }
    const path = colorOutlines([placemark('#2196f3', circle)]).get('#2196f3') ?? '';
    expect(path.split('L').length).toBeLessThanOrEqual(25);
  });
});
