import type { MultiPolygon, Polygon } from 'geojson';
import { packGeometry, type PackedPolygon, type PackedRing } from './packedGeometry.js';

/**
 * Point-in-polygon on planar longitude/latitude (degrees; points are given as lng, lat like
 * GeoJSON). Coverage areas are tens of kilometres across, where degrees may be treated as planar,
 * and no polygon of this product crosses the antimeridian.
 *
 * Boundary rule: a polygon is a closed set. A point on an outer edge or vertex is inside, and so
 * is a point on a hole's edge (the hole is open). "On" means within EDGE_TOLERANCE of the edge:
 * floating point cannot place a point exactly on a diagonal edge, so a point that is on it in
 * decimal terms must still count.
 */

/** How far from an edge, in degrees (about 0.1 micrometre), a point still counts as on it. */
export const EDGE_TOLERANCE = 1e-12;

/** Where a point lies relative to one ring. */
export const OUTSIDE = -1;
export const ON_EDGE = 0;
export const INSIDE = 1;
export type RingSide = typeof OUTSIDE | typeof ON_EDGE | typeof INSIDE;

/** What one edge means for a point: the point lies on it, the eastward ray crosses it, or neither. */
export const EDGE_MISSES = -1;
export const EDGE_TOUCHED = 0;
export const EDGE_CROSSED = 1;
export type EdgeTest = typeof EDGE_MISSES | typeof EDGE_TOUCHED | typeof EDGE_CROSSED;

/**
 * Tests the point (lng, lat) against the edge (x1, y1)-(x2, y2) for the crossing-number rule: a ray
 * from the point going east crosses the ring an odd number of times when the point is inside. An
 * edge counts as crossed when exactly one end is above the point, so a shared vertex counts once.
 */
export function testEdge(x1: number, y1: number, x2: number, y2: number, lng: number, lat: number): EdgeTest {
  if ((y1 < lat - EDGE_TOLERANCE && y2 < lat - EDGE_TOLERANCE) || (y1 > lat + EDGE_TOLERANCE && y2 > lat + EDGE_TOLERANCE)) {
    return EDGE_MISSES;
  }
  if (onSegment(x1, y1, x2, y2, lng, lat)) return EDGE_TOUCHED;
  return y1 > lat !== y2 > lat && lng < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1) ? EDGE_CROSSED : EDGE_MISSES;
}

/**
 * Where (lng, lat) lies relative to a ring, testing every edge. The ring may or may not repeat its
 * first vertex at the end. For many tests against the same ring, see preparedPolygon.ts.
 */
export function ringSide(ring: PackedRing, lng: number, lat: number): RingSide {
  const end = ring.length - 1;
  if (end < 1) return OUTSIDE;
  let inside = false;
  let x1 = ring[end - 1] as number;
  let y1 = ring[end] as number;
  for (let i = 0; i < end; i += 2) {
    const x2 = ring[i] as number;
    const y2 = ring[i + 1] as number;
    const edge = testEdge(x1, y1, x2, y2, lng, lat);
    if (edge === EDGE_TOUCHED) return ON_EDGE;
    if (edge === EDGE_CROSSED) inside = !inside;
    x1 = x2;
    y1 = y2;
  }
  return inside ? INSIDE : OUTSIDE;
}

/** Within the edge's box (widened by the tolerance) and within the tolerance of its line. */
function onSegment(x1: number, y1: number, x2: number, y2: number, x: number, y: number): boolean {
  if (x < Math.min(x1, x2) - EDGE_TOLERANCE || x > Math.max(x1, x2) + EDGE_TOLERANCE) return false;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.abs(x - x1) <= EDGE_TOLERANCE && Math.abs(y - y1) <= EDGE_TOLERANCE;
  // Distance from the edge's line = |cross product| / edge length.
  return Math.abs(dx * (y - y1) - dy * (x - x1)) <= EDGE_TOLERANCE * length;
}

/** Whether a polygon (outer ring, then holes) contains (lng, lat), boundary included. */
export function packedPolygonContains(polygon: PackedPolygon, lng: number, lat: number): boolean {
  const outer = polygon[0];
  if (outer === undefined) return false;
  const side = ringSide(outer, lng, lat);
  if (side !== INSIDE) return side === ON_EDGE;
  for (let r = 1; r < polygon.length; r++) {
    if (ringSide(polygon[r] as PackedRing, lng, lat) === INSIDE) return false;
  }
  return true;
}

/** Whether a GeoJSON Polygon or MultiPolygon contains (lng, lat), boundary included. */
export function polygonContains(geometry: Polygon | MultiPolygon, lng: number, lat: number): boolean {
  return packGeometry(geometry).some((polygon) => packedPolygonContains(polygon, lng, lat));
}
