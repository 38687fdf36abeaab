import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { CoverageIndex, PolygonIndex, transferListOf } from './coverageIndex.js';
import { packGeometry, ringBounds, type PackedPolygon } from './packedGeometry.js';
import { EDGE_TOLERANCE } from './pointInPolygon.js';
import { packEntries } from './testing/geoJsonCoverage.js';
import { packedPolygonContains, polygonContains } from './testing/pointInPolygonReference.js';
import { circleRing, coastlineRing, seededRandom, starburstRing, starRing, tangledRing, testPoints, zigZagRing, type Box } from './testing/shapes.js';

function square(west: number, south: number, east: number, north: number): Position[] {
  return [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];
}

function polygon(...rings: Position[][]): Polygon {
  return { type: 'Polygon', coordinates: rings };
}

/** Outer-ring boxes, computed once per ring for the reference. */
const outerBounds = new WeakMap<Float64Array, ReturnType<typeof ringBounds>>();

describe('CoverageIndex', () => {
  it('an empty index has size 0 and finds nothing', () => {
    const index = new CoverageIndex<string>([]);
    expect(index.size).toBe(0);
    expect(index.query(0, 0)).toEqual([]);
  });

  it('finds the payload of a square for points inside and on its boundary, none outside', () => {
    const index = new CoverageIndex(packEntries([{ geometry: polygon(square(0, 0, 10, 10)), payload: 'a' }]));
    expect(index.size).toBe(1);
    expect(index.query(5, 5)).toEqual(['a']);
    expect(index.query(10, 5)).toEqual(['a']);
    expect(index.query(0, 0)).toEqual(['a']);
    expect(index.query(10.000001, 5)).toEqual([]);
    expect(index.query(50, 50)).toEqual([]);
  });

  it('does not find a polygon from inside its hole, except on the hole edge', () => {
    const index = new CoverageIndex(packEntries([{ geometry: polygon(square(0, 0, 10, 10), square(4, 4, 6, 6)), payload: 'frame' }]));
    expect(index.query(5, 5)).toEqual([]);
    expect(index.query(4, 5)).toEqual(['frame']);
    expect(index.query(2, 2)).toEqual(['frame']);
  });

  it('returns a multipolygon entry once, whichever part holds the point', () => {
    const parts: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square(0, 0, 2, 2)], [square(1, 1, 3, 3)], [square(10, 10, 11, 11)]] };
    const index = new CoverageIndex(packEntries([{ geometry: parts, payload: 'multi' }]));
    expect(index.query(1.5, 1.5)).toEqual(['multi']);
    expect(index.query(10.5, 10.5)).toEqual(['multi']);
    expect(index.query(5, 5)).toEqual([]);
  });

  it('returns every overlapping entry, in the order the entries were given', () => {
    const index = new CoverageIndex(
      packEntries([
        { geometry: polygon(square(0, 0, 4, 4)), payload: 'first' },
        { geometry: polygon(square(2, 2, 6, 6)), payload: 'second' },
        { geometry: polygon(square(3, 3, 3.5, 3.5)), payload: 'third' },
      ]),
    );
    expect(index.query(3.2, 3.2)).toEqual(['first', 'second', 'third']);
    expect(index.query(1, 1)).toEqual(['first']);
    expect(index.query(5, 5)).toEqual(['second']);
  });

  it('keeps entries with no usable polygon in its size but never finds them', () => {
    const index = new CoverageIndex(
      packEntries([
        { geometry: { type: 'MultiPolygon', coordinates: [] } as MultiPolygon, payload: 'empty' },
        { geometry: polygon(square(0, 0, 1, 1)), payload: 'real' },
      ]),
    );
    expect(index.size).toBe(2);
    expect(index.query(0.5, 0.5)).toEqual(['real']);
  });

  it('finds nothing for coordinates that are not finite', () => {
    const index = new CoverageIndex(packEntries([{ geometry: polygon(square(-180, -90, 180, 90)), payload: 'world' }]));
    expect(index.query(Number.NaN, 0)).toEqual([]);
    expect(index.query(0, Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it('takes packed polygons as they are', () => {
    const index = new CoverageIndex([{ polygons: packGeometry(polygon(square(0, 0, 1, 1), square(0.4, 0.4, 0.6, 0.6))), payload: 7 }]);
    expect(index.query(0.2, 0.2)).toEqual([7]);
    expect(index.query(0.5, 0.5)).toEqual([]);
  });

  it('answers for a 100 x 100 grid of diamonds, each point in exactly the diamond of its cell or in none', () => {
    // Cell (i, j) spans [i, i+1] x [j, j+1] degrees; its diamond touches the cell's edge midpoints.
    const entries = [];
    for (let i = 0; i < 100; i++) {
      for (let j = 0; j < 100; j++) {
        const ring = [
          [i + 0.5, j],
          [i + 1, j + 0.5],
          [i + 0.5, j + 1],
          [i, j + 0.5],
          [i + 0.5, j],
        ];
        entries.push({ geometry: polygon(ring), payload: `${i},${j}` });
      }
    }
    const index = new CoverageIndex(packEntries(entries));
    expect(index.size).toBe(10_000);
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let n = 0; n < 2_000; n++) {
      const lng = random() * 100;
      const lat = random() * 100;
      const i = Math.floor(lng);
      const j = Math.floor(lat);
      // Inside the diamond when the Manhattan distance to the cell centre is below half a cell.
      const inside = Math.abs(lng - i - 0.5) + Math.abs(lat - j - 0.5) < 0.5;
      expect(index.query(lng, lat)).toEqual(inside ? [`${i},${j}`] : []);
    }
    // Two diamonds touch at the middle of their shared cell edge: that point is in both.
    expect(index.query(10.5, 20)).toEqual(['10,19', '10,20']);
  });

  it('agrees with polygonContains on jagged overlapping polygons with holes, their vertices included', () => {
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const star = (cx: number, cy: number, radius: number, vertices: number): Position[] => {
      const ring: Position[] = [];
      for (let k = 0; k < vertices; k++) {
        const angle = (2 * Math.PI * k) / vertices;
        const stretch = radius * (0.6 + 0.4 * random());
        ring.push([cx + Math.cos(angle) * stretch, cy + Math.sin(angle) * stretch]);
      }
      return [...ring, ring[0] as Position];
    };
    const geometries: Polygon[] = [];
    for (let n = 0; n < 60; n++) {
      const cx = random() * 4;
      const cy = random() * 4;
      geometries.push(polygon(star(cx, cy, 0.8, 40 + n), star(cx, cy, 0.25, 9)));
    }
    const index = new CoverageIndex(packEntries(geometries.map((geometry, n) => ({ geometry, payload: n }))));
    const points: Position[] = geometries.flatMap((geometry) => geometry.coordinates.flat().slice(0, 5));
    for (let n = 0; n < 3_000; n++) points.push([random() * 5 - 0.5, random() * 5 - 0.5]);
    for (const [lng, lat] of points as [number, number][]) {
      const expected = geometries.flatMap((geometry, n) => (polygonContains(geometry, lng, lat) ? [n] : []));
      expect(index.query(lng, lat)).toEqual(expected);
    }
  });
});

describe('PolygonIndex', () => {
  /** Entry numbers whose polygons contain the point, by testing every edge of every polygon whose outer ring's box (widened by the edge tolerance) holds it. */
  function reference(entries: readonly PackedPolygon[][], lng: number, lat: number): number[] {
    const holds = (polygon: PackedPolygon): boolean => {
      const outer = polygon[0];
      if (!outer) return false;
      const box = outerBounds.get(outer) ?? outerBounds.set(outer, ringBounds(outer)).get(outer)!;
      const t = EDGE_TOLERANCE;
      return lng >= box.west - t && lng <= box.east + t && lat >= box.south - t && lat <= box.north + t && packedPolygonContains(polygon, lng, lat);
    };
    return entries.flatMap((polygons, n) => (polygons.some(holds) ? [n] : []));
  }

  const box = (west: number, south: number, size: number): Box => ({ west, south, east: west + size, north: south + size / 2 });

  /** Ordinary and adversarial shapes, overlapping, with holes and several parts. */
  function mixedEntries(): PackedPolygon[][] {
    const random = seededRandom(23);
    const entries: PackedPolygon[][] = [];
    for (let n = 0; n < 40; n++) {
      const west = 18 + random() * 0.6;
      const south = -34 + random() * 0.3;
      const outer = box(west, south, 0.2);
      const hole = box(west + 0.07, south + 0.025, 0.06);
      const shapes = [
        () => [[starRing(random, 30 + n, outer), circleRing(12, hole)]],
        () => [[zigZagRing(300 + 10 * n, outer)]],
        () => [[starburstRing(400, outer)], [circleRing(50, box(west + 0.3, south, 0.05))]],
        () => [[coastlineRing(500, outer), tangledRing(random, 30, hole)]],
        () => [[tangledRing(random, 80, outer)]],
        () => [[circleRing(3000, outer), zigZagRing(400, hole)]],
      ];
      entries.push((shapes[n % shapes.length] as () => PackedPolygon[])());
    }
    return entries;
  }

  it('finds what a test of every edge finds, on ordinary and adversarial polygons with holes and parts', () => {
    const entries = mixedEntries();
    const index = PolygonIndex.build(entries);
    expect(index.stats().crossingRings).toBeGreaterThan(0);
    const random = seededRandom(31);
    for (const polygons of entries) {
      for (const ring of polygons.flat()) {
        for (const [lng, lat] of testPoints(ring, random, { step: 61, random: 15 }))
          expect(index.query(lng, lat), `at ${lng}, ${lat}`).toEqual(reference(entries, lng, lat));
      }
    }
  });

  it('answers the same after its arrays move to another thread, and the moved arrays are not copied', () => {
    const entries = mixedEntries();
    const index = PolygonIndex.build(entries);
    const data = index.data();
    const transfer = transferListOf(data);
    const bytesMoved = transfer.reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(bytesMoved).toBe(index.stats().byteLength);
    const moved = new PolygonIndex(structuredClone(data, { transfer }));
    // Moved, not copied: the sender's buffers are detached.
    expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
    const random = seededRandom(41);
    for (let n = 0; n < 3000; n++) {
      const lng = 18 + random() * 0.9;
      const lat = -34 + random() * 0.45;
      expect(moved.query(lng, lat)).toEqual(reference(entries, lng, lat));
    }
    expect(moved.entryCount).toBe(entries.length);
    expect(moved.bounds).toEqual(new PolygonIndex(PolygonIndex.build(entries).data()).bounds);
  });

  it('has no bounds and finds nothing without polygons', () => {
    const index = PolygonIndex.build([[], [[new Float64Array([0, 0, 1, 1])]]]);
    expect(index.bounds).toBeNull();
    expect(index.entryCount).toBe(2);
    expect(index.query(0.5, 0.5)).toEqual([]);
    expect(new PolygonIndex(structuredClone(index.data())).query(0, 0)).toEqual([]);
  });

  it('stays within about 120 bytes a vertex for a 1,000,000-vertex zig-zag beside 10,000 ordinary polygons', () => {
    const random = seededRandom(3);
    const entries: PackedPolygon[][] = [[[zigZagRing(1_000_000)]]];
    for (let n = 0; n < 10_000; n++) entries.push([[starRing(random, 50, box(16 + random() * 16, -34 + random() * 12, 0.1))]]);
    const index = PolygonIndex.build(entries);
    const stats = index.stats();
    expect(stats.vertices).toBe(1_500_000);
    expect(stats.bandEntries + stats.crossingEntries).toBeLessThanOrEqual(4 * stats.vertices);
    expect(stats.byteLength).toBeLessThanOrEqual(120 * stats.vertices);
    expect(index.query(18.2, -33.999)).toEqual(reference(entries.slice(0, 1), 18.2, -33.999));
  });
});
