import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { CoverageIndex } from './coverageIndex.js';
import { packGeometry } from './packedGeometry.js';
import { polygonContains } from './pointInPolygon.js';

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

describe('CoverageIndex', () => {
  it('an empty index has size 0 and finds nothing', () => {
    const index = new CoverageIndex<string>([]);
    expect(index.size).toBe(0);
    expect(index.query(0, 0)).toEqual([]);
  });

  it('finds the payload of a square for points inside and on its boundary, none outside', () => {
    const index = new CoverageIndex([{ geometry: polygon(square(0, 0, 10, 10)), payload: 'a' }]);
    expect(index.size).toBe(1);
    expect(index.query(5, 5)).toEqual(['a']);
    expect(index.query(10, 5)).toEqual(['a']);
    expect(index.query(0, 0)).toEqual(['a']);
    expect(index.query(10.000001, 5)).toEqual([]);
    expect(index.query(50, 50)).toEqual([]);
  });

  it('does not find a polygon from inside its hole, except on the hole edge', () => {
    const index = new CoverageIndex([{ geometry: polygon(square(0, 0, 10, 10), square(4, 4, 6, 6)), payload: 'frame' }]);
    expect(index.query(5, 5)).toEqual([]);
    expect(index.query(4, 5)).toEqual(['frame']);
    expect(index.query(2, 2)).toEqual(['frame']);
  });

  it('returns a multipolygon entry once, whichever part holds the point', () => {
    const parts: MultiPolygon = { type: 'MultiPolygon', coordinates: [[square(0, 0, 2, 2)], [square(1, 1, 3, 3)], [square(10, 10, 11, 11)]] };
    const index = new CoverageIndex([{ geometry: parts, payload: 'multi' }]);
    expect(index.query(1.5, 1.5)).toEqual(['multi']);
    expect(index.query(10.5, 10.5)).toEqual(['multi']);
    expect(index.query(5, 5)).toEqual([]);
  });

  it('returns every overlapping entry, in the order the entries were given', () => {
    const index = new CoverageIndex([
      { geometry: polygon(square(0, 0, 4, 4)), payload: 'first' },
      { geometry: polygon(square(2, 2, 6, 6)), payload: 'second' },
      { geometry: polygon(square(3, 3, 3.5, 3.5)), payload: 'third' },
    ]);
    expect(index.query(3.2, 3.2)).toEqual(['first', 'second', 'third']);
    expect(index.query(1, 1)).toEqual(['first']);
    expect(index.query(5, 5)).toEqual(['second']);
  });

  it('keeps entries with no usable polygon in its size but never finds them', () => {
    const index = new CoverageIndex([
      { geometry: { type: 'MultiPolygon', coordinates: [] } as MultiPolygon, payload: 'empty' },
      { geometry: polygon(square(0, 0, 1, 1)), payload: 'real' },
    ]);
    expect(index.size).toBe(2);
    expect(index.query(0.5, 0.5)).toEqual(['real']);
  });

  it('finds nothing for coordinates that are not finite', () => {
    const index = new CoverageIndex([{ geometry: polygon(square(-180, -90, 180, 90)), payload: 'world' }]);
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
    const index = new CoverageIndex(entries);
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
    const index = new CoverageIndex(geometries.map((geometry, n) => ({ geometry, payload: n })));
    const points: Position[] = geometries.flatMap((geometry) => geometry.coordinates.flat().slice(0, 5));
    for (let n = 0; n < 3_000; n++) points.push([random() * 5 - 0.5, random() * 5 - 0.5]);
    for (const [lng, lat] of points as [number, number][]) {
      const expected = geometries.flatMap((geometry, n) => (polygonContains(geometry, lng, lat) ? [n] : []));
      expect(index.query(lng, lat)).toEqual(expected);
    }
  });
});
