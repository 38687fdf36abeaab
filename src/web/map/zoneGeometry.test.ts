import type { MultiPolygon, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { zoneContains, zoneLabelPoint } from './zoneGeometry.js';

// [lng, lat] degrees: a 2° square around (20, -34) with a 0.5° hole in its middle.
const squareWithHole: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [19, -35],
      [21, -35],
      [21, -33],
      [19, -33],
      [19, -35],
    ],
    [
      [19.75, -34.25],
      [20.25, -34.25],
      [20.25, -33.75],
      [19.75, -33.75],
      [19.75, -34.25],
    ],
  ],
};

describe('whether a point is in a zone', () => {
  it('is inside the outer ring and outside its holes, taking (lng, lat) as GeoJSON does', () => {
    expect(zoneContains(squareWithHole, 19.5, -34.5)).toBe(true);
    expect(zoneContains(squareWithHole, 20, -34)).toBe(false);
    expect(zoneContains(squareWithHole, 22, -34)).toBe(false);
    // Latitude and longitude swapped is far away.
    expect(zoneContains(squareWithHole, -34.5, 19.5)).toBe(false);
  });

  it('counts the outline as inside', () => {
    expect(zoneContains(squareWithHole, 19, -34.5)).toBe(true);
    expect(zoneContains(squareWithHole, 21, -33)).toBe(true);
  });

  it('looks in every part of a MultiPolygon', () => {
    const twoParts: MultiPolygon = {
      type: 'MultiPolygon',
      coordinates: [
        squareWithHole.coordinates,
        [
          [
            [30, 0],
            [31, 0],
            [31, 1],
            [30, 1],
          ],
        ],
      ],
    };
    expect(zoneContains(twoParts, 30.5, 0.5)).toBe(true);
    expect(zoneContains(twoParts, 19.5, -34.5)).toBe(true);
    expect(zoneContains(twoParts, 25, -10)).toBe(false);
  });
});

describe('where a zone’s label goes', () => {
  it('is inside a C-shaped zone, whose centroid is not', () => {
    // A "C" opening east: its centre (1.5, 1.5) is in the opening.
    const c: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [3, 0],
          [3, 1],
          [1, 1],
          [1, 2],
          [3, 2],
          [3, 3],
          [0, 3],
          [0, 0],
        ],
      ],
    };
    const at = zoneLabelPoint(c);
    expect(at).not.toBeNull();
    const [lng, lat] = at as [number, number];
    expect(zoneContains(c, 1.5, 1.5)).toBe(false);
    expect(zoneContains(c, lng, lat)).toBe(true);
  });

  it('sits on the largest part of a MultiPolygon, beside a hole rather than in it', () => {
    const small: Polygon['coordinates'] = [
      [
        [30, 0],
        [30.1, 0],
        [30.1, 0.1],
        [30, 0.1],
      ],
    ];
    const at = zoneLabelPoint({ type: 'MultiPolygon', coordinates: [small, squareWithHole.coordinates] }) as [number, number];
    expect(zoneContains(squareWithHole, at[0], at[1])).toBe(true);
  });
});
