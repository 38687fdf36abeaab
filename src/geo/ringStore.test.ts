import { describe, expect, it } from 'vitest';
import { INSIDE, ON_EDGE, OUTSIDE, ringSide } from './pointInPolygon.js';
import { RingStore } from './ringStore.js';

/** A jagged star ring around (cx, cy): the shape of the benchmark polygons. Closed unless `open`. */
function starRing(random: () => number, cx: number, cy: number, vertices: number, open = false): Float64Array {
  const ring = new Float64Array(2 * (open ? vertices : vertices + 1));
  for (let k = 0; k < vertices; k++) {
    const angle = (2 * Math.PI * k) / vertices;
    const radius = 0.6 + 0.4 * random();
    ring[2 * k] = cx + Math.cos(angle) * radius;
    ring[2 * k + 1] = cy + Math.sin(angle) * radius;
  }
  if (!open) ring.set(ring.subarray(0, 2), 2 * vertices);
  return ring;
}

function seededRandom(seed: number): () => number {
  let state = seed;
  return () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
}

describe('RingStore', () => {
  it('answers like ringSide for random points, vertices and edge midpoints of many rings', () => {
    const random = seededRandom(3);
    const rings = [
      starRing(random, 0, 0, 200),
      starRing(random, 0.5, 0.2, 7),
      starRing(random, -0.3, 0.1, 31, true),
      // A rectangle: two edges span every band.
      new Float64Array([-1, -1, 1, -1, 1, 1, -1, 1, -1, -1]),
    ];
    const store = new RingStore(rings);
    expect(store.ringCount).toBe(4);
    rings.forEach((ring, r) => {
      const points: [number, number][] = [];
      for (let n = 0; n < 2_000; n++) points.push([random() * 2.4 - 1.2, random() * 2.4 - 1.2]);
      for (let i = 0; i + 3 < ring.length; i += 2) {
        points.push([ring[i] as number, ring[i + 1] as number]);
        points.push([((ring[i] as number) + (ring[i + 2] as number)) / 2, ((ring[i + 1] as number) + (ring[i + 3] as number)) / 2]);
      }
      for (const [lng, lat] of points) expect(store.side(r, lng, lat)).toBe(ringSide(ring, lng, lat));
    });
  });

  it('puts the top and bottom vertices and the top edge on the ring', () => {
    const store = new RingStore([new Float64Array([0, 0, 2, 0, 2, 2, 0, 2, 0, 0])]);
    expect(store.side(0, 1, 2)).toBe(ON_EDGE);
    expect(store.side(0, 1, 0)).toBe(ON_EDGE);
    expect(store.side(0, 2, 2)).toBe(ON_EDGE);
    expect(store.side(0, 1, 1)).toBe(INSIDE);
    expect(store.side(0, 1, 2.000001)).toBe(OUTSIDE);
    expect(store.side(0, 1, -0.000001)).toBe(OUTSIDE);
  });

  it('finds nothing in rings of fewer than three vertices', () => {
    const store = new RingStore([new Float64Array(0), new Float64Array([0, 0, 1, 1, 0, 0])]);
    expect(store.side(0, 0, 0)).toBe(OUTSIDE);
    expect(store.side(1, 0.5, 0.5)).toBe(OUTSIDE);
  });

  it('gives the bounds of each ring as [west, south, east, north]', () => {
    const store = new RingStore([new Float64Array([18.4, -33.9, 18.5, -33.95, 18.45, -33.8, 18.4, -33.9])]);
    expect(store.bounds(0)).toEqual([18.4, -33.95, 18.5, -33.8]);
  });
});
