import { describe, expect, it } from 'vitest';
import { INSIDE, ON_EDGE, OUTSIDE } from './pointInPolygon.js';
import { RingStore } from './ringStore.js';
import { ringSide } from './testing/pointInPolygonReference.js';
import { circleRing, coastlineRing, starburstRing, tangledRing, testPoints, zigZagRing } from './testing/shapes.js';

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
    const store = RingStore.build(rings);
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
    const store = RingStore.build([new Float64Array([0, 0, 2, 0, 2, 2, 0, 2, 0, 0])]);
    expect(store.side(0, 1, 2)).toBe(ON_EDGE);
    expect(store.side(0, 1, 0)).toBe(ON_EDGE);
    expect(store.side(0, 2, 2)).toBe(ON_EDGE);
    expect(store.side(0, 1, 1)).toBe(INSIDE);
    expect(store.side(0, 1, 2.000001)).toBe(OUTSIDE);
    expect(store.side(0, 1, -0.000001)).toBe(OUTSIDE);
  });

  it('finds nothing in rings of fewer than three vertices', () => {
    const store = RingStore.build([new Float64Array(0), new Float64Array([0, 0, 1, 1, 0, 0])]);
    expect(store.side(0, 0, 0)).toBe(OUTSIDE);
    expect(store.side(1, 0.5, 0.5)).toBe(OUTSIDE);
  });
});

describe('RingStore at the bound: linear memory whatever the shape', () => {
  /** Entries listed per vertex, and bytes kept per vertex. */
  function perVertex(store: RingStore) {
    const stats = store.stats();
    return {
      entries: (stats.bandEntries + stats.crossingEntries) / stats.vertices,
      bytes: stats.byteLength / stats.vertices,
      crossingRings: stats.crossingRings,
    };
  }

  it('keeps ordinary rings in bands of a few edges: about one entry per edge', () => {
    const random = seededRandom(8);
    const store = RingStore.build([starRing(random, 0, 0, 200), starRing(random, 2, 2, 31), circleRing(5000)]);
    const { entries, crossingRings } = perVertex(store);
    expect(crossingRings).toBe(0);
    expect(entries).toBeLessThanOrEqual(4);
  });

  it('lists O(n) entries for the 40,000-vertex zig-zag (bands listed 400 million, 1.6 GB) and answers like every edge', () => {
    const ring = zigZagRing(40_000);
    const store = RingStore.build([ring]);
    const { entries, bytes, crossingRings } = perVertex(store);
    expect(crossingRings).toBe(1);
    expect(entries).toBeLessThanOrEqual(4);
    expect(bytes).toBeLessThanOrEqual(120);
    const random = seededRandom(4);
    for (const [lng, lat] of testPoints(ring, random, { step: 397, random: 500 })) expect(store.side(0, lng, lat)).toBe(ringSide(ring, lng, lat));
  });

  it.each([
    ['zig-zag', zigZagRing],
    ['outline', circleRing],
    ['starburst', starburstRing],
    ['coastline', coastlineRing],
  ])('builds a 1,000,000-vertex %s in linear memory and seconds, answering like every edge', (_name, shape) => {
    const ring = shape(1_000_000);
    const started = performance.now();
    const store = RingStore.build([ring]);
    const seconds = (performance.now() - started) / 1000;
    const { entries, bytes } = perVertex(store);
    expect(entries).toBeLessThanOrEqual(4);
    expect(bytes).toBeLessThanOrEqual(120);
    // Generous: about 1 s on a loaded 2-core machine; the old bands never finished a zig-zag this size.
    expect(seconds).toBeLessThan(30);
    const random = seededRandom(6);
    for (const [lng, lat] of testPoints(ring, random, { step: 199_999, random: 20 })) expect(store.side(0, lng, lat)).toBe(ringSide(ring, lng, lat));
  });

  it('answers like every edge on jagged, tangled, combed and coastal rings side by side, and again when rebuilt from its data', () => {
    const random = seededRandom(12);
    const rings = [zigZagRing(3000), tangledRing(random, 400), coastlineRing(2000), starRing(random, 1, 1, 300), tangledRing(random, 5000), starburstRing(900)];
    const store = RingStore.build(rings);
    const copy = new RingStore(structuredClone(store.data()));
    expect(store.stats().crossingRings).toBeGreaterThan(0);
    rings.forEach((ring, r) => {
      for (const [lng, lat] of testPoints(ring, random, { step: 3, random: 1000 })) {
        const expected = ringSide(ring, lng, lat);
        expect(store.side(r, lng, lat)).toBe(expected);
        expect(copy.side(r, lng, lat)).toBe(expected);
      }
    });
  });
});

describe('RingStore reading rings in place', () => {
  it('keeps reading rings that are views into one array there, with other numbers between them, and answers the same', () => {
    const random = seededRandom(21);
    const rings = [starRing(random, 0, 0, 50), zigZagRing(2000), starRing(random, 1, 0, 7)];
    // As a stored layer lays them out: a header before each ring, rings at odd offsets.
    const coordinates = new Float64Array(rings.reduce((sum, ring) => sum + 3 + ring.length, 0));
    const views: Float64Array[] = [];
    let at = 0;
    for (const ring of rings) {
      at += 3;
      coordinates.set(ring, at);
      views.push(coordinates.subarray(at, at + ring.length));
      at += ring.length;
    }
    const inPlace = RingStore.build(views, coordinates);
    expect(inPlace.data().xy).toBe(coordinates);
    const copied = RingStore.build(rings);
    expect(copied.data().xy.length).toBe(2 * copied.stats().vertices);
    expect(inPlace.stats().vertices).toBe(copied.stats().vertices);
    rings.forEach((ring, r) => {
      for (const [lng, lat] of testPoints(ring, random, { step: 5, random: 300 })) expect(inPlace.side(r, lng, lat)).toBe(ringSide(ring, lng, lat));
    });
  });

  it('copies the rings when one of them is not in the array given', () => {
    const coordinates = new Float64Array([0, 0, 1, 0, 1, 1, 0, 0]);
    const store = RingStore.build([coordinates.subarray(0, 8), new Float64Array([5, 5, 6, 5, 6, 6, 5, 5])], coordinates);
    expect(store.data().xy).not.toBe(coordinates);
    expect(store.side(0, 0.9, 0.5)).toBe(INSIDE);
    expect(store.side(1, 5.9, 5.5)).toBe(INSIDE);
  });
});
