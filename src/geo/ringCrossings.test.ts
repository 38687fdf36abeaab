import { describe, expect, it } from 'vitest';
import type { PackedRing } from './packedGeometry.js';
import { ON_EDGE } from './pointInPolygon.js';
import { RingCrossings } from './ringCrossings.js';
import { ringSide } from './testing/pointInPolygonReference.js';
import { coastlineRing, seededRandom, starburstRing, starRing, tangledRing, testPoints, zigZagRing } from './testing/shapes.js';

/** The ring without its repeated closing vertex, as RingStore keeps it. */
function open(ring: PackedRing): Float64Array {
  return ring.slice(0, ring.length - 2);
}

describe('RingCrossings', () => {
  const random = seededRandom(17);
  const rings: [string, PackedRing][] = [
    ['zig-zag', zigZagRing(2000)],
    ['starburst', starburstRing(1000)],
    ['coastline', coastlineRing(1500)],
    ['jagged star', starRing(random, 700)],
    ['tangled (self-crossing, repeated and axis-parallel edges)', tangledRing(random, 600)],
    ['triangle', new Float64Array([0, 0, 1, 0, 0, 1, 0, 0])],
    ['square with a collinear vertex', new Float64Array([0, 0, 1, 0, 2, 0, 2, 2, 0, 2, 0, 0])],
  ];

  it.each(rings)('answers like a test of every edge on a %s ring: vertices, edges, near misses and random points', (_name, ring) => {
    const xy = open(ring);
    const count = xy.length / 2;
    const crossings = RingCrossings.build(xy, 0, count);
    for (const [lng, lat] of testPoints(ring, random, { random: 3000 })) {
      expect(crossings.side(xy, 0, count, lng, lat), `at ${lng}, ${lat}`).toBe(ringSide(ring, lng, lat));
    }
  });

  it('works on a ring stored after other numbers (an odd offset) and answers the same when rebuilt from its data', () => {
    const ring = zigZagRing(500);
    const count = (ring.length - 2) / 2;
    const xy = new Float64Array(201 + ring.length - 2);
    xy.set(open(ring), 201);
    const crossings = RingCrossings.build(xy, 201, count);
    const copy = new RingCrossings(structuredClone(crossings.data()));
    for (const [lng, lat] of testPoints(ring, random, { step: 7, random: 500 })) {
      const expected = ringSide(ring, lng, lat);
      expect(crossings.side(xy, 201, count, lng, lat)).toBe(expected);
      expect(copy.side(xy, 201, count, lng, lat)).toBe(expected);
    }
    expect(crossings.side(xy, 201, count, ring[0] as number, ring[1] as number)).toBe(ON_EDGE);
  });

  it('refuses a ring of fewer than 3 vertices', () => {
    expect(() => RingCrossings.build(new Float64Array([0, 0, 1, 1]), 0, 2)).toThrow('at least 3 vertices');
  });
});
