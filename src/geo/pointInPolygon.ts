/**
 * Point-in-polygon on planar longitude/latitude (degrees; points are given as lng, lat like
 * GeoJSON). Coverage areas are tens of kilometres across, where degrees may be treated as planar,
 * and no polygon of this product crosses the antimeridian.
 *
 * Boundary rule: a polygon is a closed set. A point on an outer edge or vertex is inside, and so
 * is a point on a hole's edge (the hole is open). "On" means within EDGE_TOLERANCE of the edge:
 * floating point cannot place a point exactly on a diagonal edge, so a point that is on it in
 * decimal terms must still count.
 *
 * This module holds the rule for one edge (testEdge). RingStore (ringStore.ts) applies it to the
 * rings of the coverage index, reading only the edges near the point's latitude; tests compare it
 * with ringSide in testing/pointInPolygonReference.ts, which reads every edge.
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
