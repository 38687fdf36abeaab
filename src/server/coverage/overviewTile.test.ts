import type { LegacyFeature, LegacyTile } from 'geojson-vt';
import { describe, expect, it } from 'vitest';
import { doubleSignedArea } from '../../geo/simplifyRing.js';
import { lightenOverviewTile, OVERVIEW_MIN_RING_AREA, overviewTolerance } from './overviewTile.js';

type Point = [number, number];

/** A closed ring of `vertices` points on a circle (tile units), wound clockwise on screen (y down) when `clockwise`. */
function circle(cx: number, cy: number, radius: number, vertices: number, clockwise = true): Point[] {
  const ring: Point[] = [];
  for (let i = 0; i < vertices; i++) {
    const angle = ((clockwise ? 1 : -1) * 2 * Math.PI * i) / vertices;
    ring.push([Math.round(cx + radius * Math.cos(angle)), Math.round(cy + radius * Math.sin(angle))]);
  }
  ring.push(ring[0] as Point);
  return ring;
}

const polygon = (...rings: Point[][]): LegacyFeature => ({ type: 3, geometry: rings, tags: { service_status: 'live' } });

describe('overview tolerance', () => {
  it('is a pixel at zoom 7, doubles with each zoom out, and stops at 8 pixels (the tile buffer)', () => {
    expect([7, 6, 5, 4, 3, 0].map(overviewTolerance)).toEqual([8, 16, 32, 64, 64, 64]);
  });
});

describe('lightenOverviewTile', () => {
  it('simplifies polygons to the zoom tolerance, and leaves the tile it was given as it was', () => {
    const ring = circle(2000, 2000, 400, 400);
    const tile: LegacyTile = { features: [polygon(ring)] };
    const before = structuredClone(tile);
    const [at7] = lightenOverviewTile(tile, 7).features;
    const [at5] = lightenOverviewTile(tile, 5).features;
    const points = (feature: LegacyFeature | undefined) => (feature?.geometry as Point[][])[0]!.length;
    expect(points(at7)).toBeLessThan(ring.length / 4);
    expect(points(at5)).toBeLessThan(points(at7));
    // Every point dropped lies within the tolerance of the simplified outline: the circle keeps its size.
    expect(Math.abs(doubleSignedArea((at5!.geometry as Point[][])[0]!))).toBeGreaterThan(0.9 * Math.abs(doubleSignedArea(ring)));
    expect(tile).toEqual(before);
  });

  it('leaves out rings under a square pixel, and the holes of an outer ring left out', () => {
    const dot = [
      [10, 10],
      [12, 10],
      [12, 12],
      [10, 12],
      [10, 10],
    ] as Point[];
    expect(Math.abs(doubleSignedArea(dot)) / 2).toBeLessThan(OVERVIEW_MIN_RING_AREA);
    const outer = circle(1000, 1000, 300, 64);
    const hole = circle(1000, 1000, 100, 64, false);
    const tinyHole = circle(1000, 1000, 3, 8, false);
    const tile: LegacyTile = {
      features: [
        polygon(dot),
        // A multipolygon: a dot with a hole in it (left out with it), then an outer ring with two holes, one too small to see.
        polygon(dot, circle(11, 11, 1, 8, false), outer, hole, tinyHole),
      ],
    };
    const lightened = lightenOverviewTile(tile, 7).features;
    expect(lightened).toHaveLength(1);
    const rings = lightened[0]!.geometry as Point[][];
    expect(rings).toHaveLength(2);
    expect(Math.sign(doubleSignedArea(rings[0]!))).toBe(Math.sign(doubleSignedArea(outer)));
    expect(Math.sign(doubleSignedArea(rings[1]!))).toBe(Math.sign(doubleSignedArea(hole)));
  });

  it('passes points and lines unchanged', () => {
    const point: LegacyFeature = { type: 1, geometry: [[5, 5]], tags: null };
    const line: LegacyFeature = { type: 2, geometry: [circle(500, 500, 200, 100)], tags: null };
    expect(lightenOverviewTile({ features: [point, line] }, 4).features).toEqual([point, line]);
  });
});
