import { describe, expect, it } from 'vitest';
import type { PackedRing } from './packedGeometry.js';
import { ON_EDGE } from './pointInPolygon.js';
import { RingCrossings } from './ringCrossings.js';
import { ringSide } from './testing/pointInPolygonReference.js';
import { CAPE_BOX, coastlineRing, seededRandom, starburstRing, starRing, tangledRing, testPoints, zigZagRing } from './testing/shapes.js';

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

  it.each(rings)(
    'answers like every edge on a %s ring at points about as far from its vertices and edges as the strip margin (1e-9 degrees)',
    (_name, ring) => {
      const xy = open(ring);
      const count = xy.length / 2;
      const crossings = RingCrossings.build(xy, 0, count);
      for (let k = 0; k < count; k += 3) {
        const x = xy[2 * k] as number;
        const y = xy[2 * k + 1] as number;
        const mx = (x + (xy[2 * ((k + 1) % count)] as number)) / 2;
        const my = (y + (xy[2 * ((k + 1) % count) + 1] as number)) / 2;
        for (const offset of [5e-10, 1e-9, 2e-9]) {
          for (const [lng, lat] of [
            [x + offset, y],
            [x - offset, y + offset],
            [mx, my - offset],
            [mx - offset, my + offset],
          ] as [number, number][]) {
            expect(crossings.side(xy, 0, count, lng, lat), `at ${lng}, ${lat}`).toBe(ringSide(ring, lng, lat));
          }
        }
      }
    },
  );

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

  it('tests few edges exactly per lookup on a 1,000,000-vertex starburst, whose spoke boxes all hold its centre, and answers like every edge', () => {
    const ring = starburstRing(1_000_000);
    const xy = open(ring);
    const count = xy.length / 2;
    const crossings = RingCrossings.build(xy, 0, count);
    // Memory: a chain per 2 to 8 edges, beside the 1,000,000 vertices.
    expect(crossings.entries).toBeLessThanOrEqual(count / 2);
    const cx = (CAPE_BOX.west + CAPE_BOX.east) / 2;
    const cy = (CAPE_BOX.south + CAPE_BOX.north) / 2;
    const inBox = testPoints(ring, random, { step: 9_973, random: 2_000 });
    // Within a tenth of the spokes' length of the centre, where about 230,000 boxes of single edges held each point.
    const nearCentre = Array.from({ length: 2_000 }, (): [number, number] => [cx + (random() - 0.5) * 0.04, cy + (random() - 0.5) * 0.01]);
    const testsPerLookup = (points: [number, number][]) =>
      points.map(([lng, lat]) => {
        const before = crossings.edgeTests;
        crossings.side(xy, 0, count, lng, lat);
        return crossings.edgeTests - before;
      });
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const inBoxTests = testsPerLookup(inBox);
    const nearCentreTests = testsPerLookup(nearCentre);
    expect(mean(inBoxTests)).toBeLessThanOrEqual(50);
    expect(mean(nearCentreTests)).toBeLessThanOrEqual(400);
    expect(Math.max(...inBoxTests, ...nearCentreTests)).toBeLessThanOrEqual(1_000);
    // The reference reads every edge per point (about 0.1 s each here): a sample of the points.
    const points = [...inBox, ...nearCentre];
    for (let i = 0; i < points.length; i += 211) {
      const [lng, lat] = points[i] as [number, number];
      expect(crossings.side(xy, 0, count, lng, lat), `at ${lng}, ${lat}`).toBe(ringSide(ring, lng, lat));
    }
  });

  it.each([
    ['zig-zag', zigZagRing],
    ['coastline', coastlineRing],
  ])('tests few edges exactly per lookup on a 200,000-vertex %s', (_name, shape) => {
    const ring = shape(200_000);
    const xy = open(ring);
    const count = xy.length / 2;
    const crossings = RingCrossings.build(xy, 0, count);
    const points = testPoints(ring, random, { step: 1_999, random: 2_000 });
    let most = 0;
    for (const [lng, lat] of points) {
      const before = crossings.edgeTests;
      crossings.side(xy, 0, count, lng, lat);
      most = Math.max(most, crossings.edgeTests - before);
    }
    expect(crossings.edgeTests / points.length).toBeLessThanOrEqual(32);
    expect(most).toBeLessThanOrEqual(128);
  });

  it('refuses a ring of fewer than 3 vertices', () => {
    expect(() => RingCrossings.build(new Float64Array([0, 0, 1, 1]), 0, 2)).toThrow('at least 3 vertices');
  });
});
