import type { FeatureCollection, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { candidateReachSentence, footprintBandAt, footprintBounds } from './candidateReach.js';

/** A square ring [lng, lat] centred on (lng, lat), `half` degrees either way. */
const square = (lng: number, lat: number, half: number): Position[] => [
  [lng - half, lat - half],
  [lng + half, lat - half],
  [lng + half, lat + half],
  [lng - half, lat + half],
  [lng - half, lat - half],
];

/** Nested band areas around (20, -34), weakest first as the server sends them; Poor has a hole east of the centre, and a second island. */
const areas: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { band: 'Poor', rank: 1 },
      geometry: { type: 'MultiPolygon', coordinates: [[square(20, -34, 0.1), square(20.08, -34, 0.01)], [square(20.3, -34.2, 0.02)]] },
    },
    { type: 'Feature', properties: { band: 'Good', rank: 3 }, geometry: { type: 'MultiPolygon', coordinates: [[square(20, -34, 0.03)]] } },
  ],
};

describe('what a What if candidate would reach', () => {
  it('bounds the footprint by its outer rings', () => {
    const bounds = footprintBounds(areas) as [[number, number], [number, number]];
    // Degrees to 1e-9 (the corners are sums such as 20.3 + 0.02).
    expect(bounds.map((corner) => corner.map((degrees) => Number(degrees.toFixed(9))))).toEqual([
      [19.9, -34.22],
      [20.32, -33.9],
    ]);
    expect(footprintBounds({ type: 'FeatureCollection', features: [] })).toBeNull();
  });

  it('names the best band whose area holds the point, none in a hole or outside', () => {
    expect(footprintBandAt(areas, { lat: -34, lng: 20.01 })).toBe('Good');
    expect(footprintBandAt(areas, { lat: -34.05, lng: 20.05 })).toBe('Poor');
    expect(footprintBandAt(areas, { lat: -34.2, lng: 20.3 })).toBe('Poor');
    expect(footprintBandAt(areas, { lat: -34, lng: 20.08 })).toBeNull();
    expect(footprintBandAt(areas, { lat: -33.5, lng: 20 })).toBeNull();
  });

  it('says whether the analysed location would be reached, and nothing without one', () => {
    expect(candidateReachSentence(areas, { lat: -34, lng: 20 })).toBe('The analysed location would be reached (Good signal).');
    expect(candidateReachSentence(areas, { lat: -33.5, lng: 20 })).toBe('The analysed location would not be reached.');
    expect(candidateReachSentence(areas, null)).toBeNull();
  });
});
