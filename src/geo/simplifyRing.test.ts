import { describe, expect, it } from 'vitest';
import { doubleSignedArea, simplifyRing } from './simplifyRing.js';

type Point = [number, number];

/** A closed ring of `vertices` points on a circle, rounded to whole units. */
function circle(cx: number, cy: number, radius: number, vertices: number): Point[] {
  const ring: Point[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = (2 * Math.PI * i) / vertices;
    ring.push([Math.round(cx + radius * Math.cos(angle)), Math.round(cy + radius * Math.sin(angle))]);
  }
  ring.push(ring[0] as Point);
  return ring;
}

describe('simplifyRing', () => {
  it('keeps the points beyond the tolerance, drops the wiggles within it, and stays closed', () => {
    // A square with a 2-unit wiggle on its top edge and a 40-unit spike on its right edge.
    const ring: Point[] = [
      [0, 0],
      [50, 2],
      [100, 0],
      [140, 50],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    expect(simplifyRing(ring, 8)).toEqual([
      [0, 0],
      [100, 0],
      [140, 50],
      [100, 100],
      [0, 100],
      [0, 0],
    ]);
    expect(simplifyRing(ring, 1)).toEqual(ring);
  });

  it('keeps at least the asked inner points of a ring the tolerance would flatten, the farthest first', () => {
    const small = circle(100, 100, 6, 40);
    expect(simplifyRing(small, 64)).toHaveLength(2);
    const kept = simplifyRing(small, 64, 3);
    expect(kept).toHaveLength(5);
    expect(kept[0]).toEqual(kept.at(-1));
    // A quadrilateral spanning the circle, not a sliver.
    expect(Math.abs(doubleSignedArea(kept)) / 2).toBeGreaterThan(0.5 * Math.PI * 36);
  });
});

describe('doubleSignedArea', () => {
  it('is twice the area, its sign the winding', () => {
    const square: Point[] = [
      [0, 0],
      [2, 0],
      [2, 3],
      [0, 3],
      [0, 0],
    ];
    expect(Math.abs(doubleSignedArea(square))).toBe(12);
    expect(doubleSignedArea([...square].reverse())).toBe(-doubleSignedArea(square));
  });
});
