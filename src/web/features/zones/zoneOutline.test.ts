import { describe, expect, it } from 'vitest';
import { zoneCrossingMessage } from '../../../common/api/zones.js';
import {
  closeRing,
  crossingPointOf,
  EDITABLE_VERTEX_LIMIT,
  editableRings,
  type LngLat,
  outlineBounds,
  outlineFromRings,
  outlineSummary,
  roundedRing,
} from './zoneOutline.js';

/** A square's corners, [lng, lat], open (the last corner is not the first again). */
const square = (west: number, south: number, size = 1): LngLat[] => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
];

describe('closing a drawn ring', () => {
  it('repeats the first corner at the end', () => {
    expect(closeRing(square(20, -34))).toEqual([...square(20, -34), [20, -34]]);
  });

  it('leaves a ring that is already closed as it is', () => {
    const closed: LngLat[] = [...square(20, -34), [20, -34]];
    expect(closeRing(closed)).toEqual(closed);
  });

  it('closes by exact equality: a last corner a hair off the first is a corner of its own', () => {
    expect(
      closeRing([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1e-12],
      ]),
    ).toHaveLength(5);
  });
});

describe('the outline of the drawn rings', () => {
  it('is null with nothing drawn', () => {
    expect(outlineFromRings([])).toBeNull();
  });

  it('is a GeoJSON Polygon, ring closed, for one ring', () => {
    expect(outlineFromRings([square(20, -34)])).toEqual({ type: 'Polygon', coordinates: [[...square(20, -34), [20, -34]]] });
  });

  it('is a MultiPolygon of one ring each for several', () => {
    expect(outlineFromRings([square(20, -34), square(22, -34)])).toEqual({
      type: 'MultiPolygon',
      coordinates: [[[...square(20, -34), [20, -34]]], [[...square(22, -34), [22, -34]]]],
    });
  });

  it('leaves out a ring of fewer than three corners, which encloses nothing', () => {
    expect(
      outlineFromRings([
        [
          [0, 0],
          [1, 1],
          [0, 0],
        ],
        square(20, -34),
      ])?.type,
    ).toBe('Polygon');
    expect(
      outlineFromRings([
        [
          [0, 0],
          [1, 1],
        ],
      ]),
    ).toBeNull();
  });
});

describe("the outline's vertex count in the dialog", () => {
  it('says when there is no outline', () => {
    expect(outlineSummary(null)).toBe('No outline yet');
  });

  it('counts corners, not the closing repeat of a ring', () => {
    expect(outlineSummary({ type: 'Polygon', coordinates: [closeRing(square(0, 0))] })).toBe('4 vertices');
  });

  it('names the polygons when there are several, and counts holes', () => {
    const withHole = [closeRing(square(0, 0, 10)), closeRing(square(2, 2))];
    const manyCorners: LngLat[] = Array.from({ length: 1226 }, (_, i) => [Math.cos(i / 200), Math.sin(i / 200)]);
    expect(outlineSummary({ type: 'MultiPolygon', coordinates: [withHole, [closeRing(manyCorners)]] })).toBe('2 polygons, 1,234 vertices');
  });

  it("warns past the API's 50,000 vertices", () => {
    const ring: LngLat[] = closeRing(Array.from({ length: 50_001 }, (_, i) => [Math.cos(i / 10_000), Math.sin(i / 10_000)]));
    expect(outlineSummary({ type: 'Polygon', coordinates: [ring] })).toBe('50,001 vertices (at most 50,000)');
  });
});

describe('which outlines the drawing tools can edit', () => {
  it('gives the outer ring of each polygon', () => {
    const rings = editableRings({ type: 'MultiPolygon', coordinates: [[closeRing(square(0, 0))], [closeRing(square(5, 5))]] });
    expect(rings).toEqual([closeRing(square(0, 0)), closeRing(square(5, 5))]);
  });

  it('refuses an outline with a hole (the tools draw outer rings only)', () => {
    expect(editableRings({ type: 'Polygon', coordinates: [closeRing(square(0, 0, 10)), closeRing(square(2, 2))] })).toBeNull();
  });

  it('refuses an outline over the editable vertex limit', () => {
    const ring = (corners: number): LngLat[] =>
      closeRing(Array.from({ length: corners }, (_, i) => [Math.cos((2 * Math.PI * i) / corners), Math.sin((2 * Math.PI * i) / corners)]));
    expect(editableRings({ type: 'Polygon', coordinates: [ring(EDITABLE_VERTEX_LIMIT)] })).not.toBeNull();
    expect(editableRings({ type: 'Polygon', coordinates: [ring(EDITABLE_VERTEX_LIMIT + 1)] })).toBeNull();
  });
});

describe('rounding a ring for the drawing tools', () => {
  it('rounds each position to the given decimals, keeping the ring closed', () => {
    const ring: LngLat[] = [
      [20.1234567890123, -34.9876543210987],
      [20.2, -34.9],
      [20.2, -34.8],
      [20.1234567890123, -34.9876543210987],
    ];
    const rounded = roundedRing(ring, 9);
    expect(rounded[0]).toEqual([20.123456789, -34.987654321]);
    expect(rounded[3]).toEqual(rounded[0]);
    expect(rounded[1]).toEqual([20.2, -34.9]);
  });
});

describe('the box of an outline', () => {
  it('is [[west, south], [east, north]] over every polygon', () => {
    expect(outlineBounds({ type: 'MultiPolygon', coordinates: [[closeRing(square(20, -35))], [closeRing(square(22.5, -34.5, 0.25))]] })).toEqual([
      [20, -35],
      [22.75, -34],
    ]);
  });

  it('is null for an outline without positions', () => {
    expect(outlineBounds({ type: 'MultiPolygon', coordinates: [] })).toBeNull();
  });
});

describe("the crossing in the server's refusal", () => {
  it('is read from the message, latitude first', () => {
    expect(crossingPointOf(zoneCrossingMessage(-34.529991, 20.04))).toEqual({ lat: -34.52999, lng: 20.04 });
  });

  it('is null for any other refusal', () => {
    expect(crossingPointOf('A zone may have at most 50,000 vertices')).toBeNull();
  });
});
