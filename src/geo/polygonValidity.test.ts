import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { findOutlineCrossing, OutlineTooIntricateError, type PolygonCoordinates } from './polygonValidity.js';

const closed = (ring: Position[]): Position[] => [...ring, ring[0]!];
const square = (west: number, south: number, size: number): Position[] =>
  closed([
    [west, south],
    [west + size, south],
    [west + size, south + size],
    [west, south + size],
  ]);
/** Points on a circle of `radius` around (lng, lat), counter-clockwise, `count` of them, closed. */
function circle(count: number, radius: number, lng = 18.4, lat = -33.9): Position[] {
  return closed(
    Array.from({ length: count }, (_, k) => [lng + radius * Math.cos((2 * Math.PI * k) / count), lat + radius * Math.sin((2 * Math.PI * k) / count)]),
  );
}
/** A comb of `teeth` teeth 1 degree tall and 0.5/teeth wide, gaps between them as wide: 4 vertices a tooth. */
function comb(teeth: number): Position[] {
  const width = 1 / (2 * teeth);
  const ring: Position[] = [];
  for (let t = 0; t < teeth; t++) {
    const x = 2 * t * width;
    ring.push([x, 0], [x, 1], [x + width, 1], [x + width, 0.01]);
  }
  ring.push([1, 0.01], [1, -0.1], [0, -0.1]);
  return closed(ring);
}

describe('findOutlineCrossing', () => {
  it('finds where a bow-tie crosses itself', () => {
    const bowTie = closed([
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    expect(findOutlineCrossing([[bowTie]])).toEqual({ lng: 0.5, lat: 0.5 });
  });

  it("finds one of the five inner corners of a pentagram (radius cos 72° / cos 36° of the star's)", () => {
    const star = closed(
      Array.from({ length: 5 }, (_, k) => [Math.cos(((4 * Math.PI) / 5) * k + Math.PI / 2), Math.sin(((4 * Math.PI) / 5) * k + Math.PI / 2)]),
    );
    const crossing = findOutlineCrossing([[star]]);
    expect(crossing).not.toBeNull();
    expect(Math.hypot(crossing!.lng, crossing!.lat)).toBeCloseTo(Math.cos((2 * Math.PI) / 5) / Math.cos(Math.PI / 5), 12);
  });

  it('accepts a square, a ten-pointed star drawn as one simple outline, and a comb', () => {
    const star = closed(
      Array.from({ length: 20 }, (_, k) => [(k % 2 ? 0.4 : 1) * Math.cos((Math.PI * k) / 10), (k % 2 ? 0.4 : 1) * Math.sin((Math.PI * k) / 10)]),
    );
    expect(findOutlineCrossing([[square(0, 0, 1)]])).toBeNull();
    expect(findOutlineCrossing([[star]])).toBeNull();
    expect(findOutlineCrossing([[comb(50)]])).toBeNull();
  });

  it('accepts a polygon with a hole, and finds a hole that crosses the outer ring', () => {
    expect(findOutlineCrossing([[square(0, 0, 4), square(1, 1, 2)]])).toBeNull();
    expect(findOutlineCrossing([[square(0, 0, 4), square(3, 1, 2)]])).toEqual({ lng: 4, lat: 1 });
  });

  it('accepts outlines that touch at a point without passing through each other', () => {
    // A hole touching the outer ring at its corner, and at the middle of its bottom edge.
    const cornerHole = closed([
      [0, 0],
      [2, 1],
      [1, 2],
    ]);
    const edgeHole = closed([
      [2, 0],
      [3, 1],
      [1, 1],
    ]);
    // One ring around two triangles that meet at (1, 1).
    const pinched = closed([
      [0, 0],
      [2, 0],
      [1, 1],
      [2, 2],
      [0, 2],
      [1, 1],
    ]);
    expect(findOutlineCrossing([[square(0, 0, 4), cornerHole]])).toBeNull();
    expect(findOutlineCrossing([[square(0, 0, 4), edgeHole]])).toBeNull();
    expect(findOutlineCrossing([[pinched]])).toBeNull();
  });

  it('finds a ring that passes through itself at a vertex it visits twice', () => {
    const through = closed([
      [0, 0],
      [1, 1],
      [2, 2],
      [2, 0],
      [1, 1],
      [0, 2],
    ]);
    expect(findOutlineCrossing([[through]])).toEqual({ lng: 1, lat: 1 });
  });

  it('finds a ring that doubles back along itself, and rings that share a stretch of edge', () => {
    const spike = closed([
      [0, 0],
      [2, 0],
      [2, 2],
      [2, 1.5],
      [0, 2],
    ]);
    expect(findOutlineCrossing([[spike]])).toEqual({ lng: 2, lat: 2 });
    const sharingHole = closed([
      [1, 0],
      [3, 0],
      [2, 1],
    ]);
    expect(findOutlineCrossing([[square(0, 0, 4), sharingHole]])).toEqual({ lng: 1, lat: 0 });
  });

  it('finds a ring of two distinct vertices, and ignores repeated positions in a row', () => {
    expect(
      findOutlineCrossing([
        [
          [
            [0, 0],
            [1, 1],
            [1, 1],
            [0, 0],
          ],
        ],
      ]),
    ).toEqual({ lng: 0, lat: 0 });
    const repeated = [
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 0],
    ] as Position[];
    expect(findOutlineCrossing([[repeated]])).toBeNull();
  });

  it('judges the parts of a multipolygon each on its own', () => {
    const parts: PolygonCoordinates[] = [[square(0, 0, 2)], [square(1, 1, 2)]];
    expect(findOutlineCrossing(parts)).toBeNull();
  });

  it('judges 50,000 vertices in well under a second: a circle, a comb, and a circle with one crossing', () => {
    const round = circle(50_000, 0.5);
    const teeth = comb(12_499);
    // Two neighbouring vertices swapped: the edges around them cross once, near (0.5, 0) from the centre.
    const twisted = round.slice();
    [twisted[1], twisted[2]] = [twisted[2]!, twisted[1]!];
    for (const [polygon, expected] of [
      [round, null],
      [teeth, null],
      [twisted, 'crossing'],
    ] as const) {
      expect(polygon.length).toBeGreaterThanOrEqual(50_000);
      const started = performance.now();
      const crossing = findOutlineCrossing([[polygon]]);
      expect(performance.now() - started).toBeLessThan(1000);
      if (expected === null) expect(crossing).toBeNull();
      else {
        expect(crossing!.lng).toBeCloseTo(18.9, 6);
        expect(crossing!.lat).toBeCloseTo(-33.9, 3);
      }
    }
  });

  it('gives up on a starburst whose edge boxes overlap past the budget, rather than take seconds', () => {
    const spikes = closed(
      Array.from({ length: 2_000 }, (_, k) => [(k % 2 ? 0.5 : 1) * Math.cos((Math.PI * k) / 1_000), (k % 2 ? 0.5 : 1) * Math.sin((Math.PI * k) / 1_000)]),
    );
    expect(findOutlineCrossing([[spikes]])).toBeNull();
    expect(() => findOutlineCrossing([[spikes]], 10_000)).toThrow(OutlineTooIntricateError);
  });
});
