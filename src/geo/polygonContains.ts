import type { Position } from 'geojson';
import { EDGE_CROSSED, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, type RingSide, testEdge } from './pointInPolygon.js';

/**
 * Whether GeoJSON polygons contain a point, reading every edge (a zone's outline is tested once per
 * pre-registration, not per coverage check, so no index is built). Positions are [lng, lat]
 * degrees; the boundary rule is pointInPolygon.ts's: a point on an outer ring or on a hole's edge
 * is inside.
 */
export function polygonsContain(polygons: readonly (readonly (readonly Position[])[])[], lng: number, lat: number): boolean {
  return polygons.some((rings) => polygonContains(rings, lng, lat));
}

/** One polygon: its outer ring, then its holes. */
export function polygonContains(rings: readonly (readonly Position[])[], lng: number, lat: number): boolean {
  const [outer, ...holes] = rings;
  if (outer === undefined || ringSide(outer, lng, lat) === OUTSIDE) return false;
  return holes.every((hole) => ringSide(hole, lng, lat) !== INSIDE);
}

/** Where (lng, lat) lies relative to a ring, closed or not (the closing edge is read either way). */
export function ringSide(ring: readonly Position[], lng: number, lat: number): RingSide {
  if (ring.length < 2) return OUTSIDE;
  let inside = false;
  let [x1, y1] = ring[ring.length - 1] as [number, number];
  for (const position of ring) {
    const [x2, y2] = position as [number, number];
    const edge = testEdge(x1, y1, x2, y2, lng, lat);
    if (edge === EDGE_TOUCHED) return ON_EDGE;
    if (edge === EDGE_CROSSED) inside = !inside;
    x1 = x2;
    y1 = y2;
  }
  return inside ? INSIDE : OUTSIDE;
}
