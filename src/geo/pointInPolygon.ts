import type { MultiPolygon, Polygon, Position } from 'geojson';

/**
 * Point-in-polygon on planar longitude/latitude (degrees, GeoJSON order [lng, lat]). Coverage areas
 * are tens of kilometres across, where treating degrees as planar is exact enough, and no polygon
 * crosses the antimeridian in this product's data.
 *
 * Boundary rule: a polygon is a closed set. A point on an outer edge or vertex is inside; a point
 * on a hole's edge is inside too (the hole is open). "On" means within EDGE_TOLERANCE of the edge:
 * floating point cannot hit a diagonal edge exactly, so a point that is on it in decimal terms
 * must still count.
 *
 * Rings are read from flat arrays, [lng0, lat0, lng1, lat1, …], so that an index of thousands of
 * polygons is a few typed arrays rather than millions of small JavaScript arrays.
 */

/** How far from an edge (in degrees, about 0.1 micrometre) a point still counts as on it. */
export const EDGE_TOLERANCE = 1e-12;

/** Where a point lies relative to one ring. */
export const OUTSIDE = -1;
export const ON_EDGE = 0;
export const INSIDE = 1;
export type RingSide = typeof OUTSIDE | typeof ON_EDGE | typeof INSIDE;

/**
 * Where (lng, lat) lies relative to the ring held by vertices [first, end) of `xy` (vertex k at
 * xy[2k], xy[2k+1]). The ring may repeat its first vertex at the end or not. Crossing-number test,
 * with the edge test done only on edges whose latitude span reaches the point (a few per query).
 */
export function ringSide(xy: Float64Array, first: number, end: number, lng: number, lat: number): RingSide {
  const latLow = lat - EDGE_TOLERANCE;
  const latHigh = lat + EDGE_TOLERANCE;
  let inside = false;
  let x1 = xy[2 * (end - 1)] as number;
  let y1 = xy[2 * (end - 1) + 1] as number;
  for (let k = first; k < end; k++) {
    const x2 = xy[2 * k] as number;
    const y2 = xy[2 * k + 1] as number;
    const edgeReachesLat = !((y1 < latLow && y2 < latLow) || (y1 > latHigh && y2 > latHigh));
    if (edgeReachesLat) {
      if (onSegment(x1, y1, x2, y2, lng, lat)) return ON_EDGE;
      // Crossings of the ray going east; an edge counts when exactly one end is above the point,
      // so a ray through a shared vertex counts it once.
      if (y1 > lat !== y2 > lat && lng < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    }
    x1 = x2;
    y1 = y2;
  }
  return inside ? INSIDE : OUTSIDE;
}

function onSegment(x1: number, y1: number, x2: number, y2: number, x: number, y: number): boolean {
  if (x < Math.min(x1, x2) - EDGE_TOLERANCE || x > Math.max(x1, x2) + EDGE_TOLERANCE) return false;
  if (y < Math.min(y1, y2) - EDGE_TOLERANCE || y > Math.max(y1, y2) + EDGE_TOLERANCE) return false;
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.abs(x - x1) <= EDGE_TOLERANCE && Math.abs(y - y1) <= EDGE_TOLERANCE;
  // Distance from the line = |cross product| / edge length.
  return Math.abs(dx * (y - y1) - dy * (x - x1)) <= EDGE_TOLERANCE * length;
}

/**
 * Whether the polygon made of rings [firstRing, endRing) contains (lng, lat), boundary included.
 * Ring r is vertices [ringStarts[r], ringStarts[r + 1]) of `xy`; the first ring is the outer one,
 * the others are holes.
 */
export function packedPolygonContains(
  xy: Float64Array,
  ringStarts: Uint32Array,
  firstRing: number,
  endRing: number,
  lng: number,
  lat: number,
): boolean {
  const outer = ringSide(xy, ringStarts[firstRing] as number, ringStarts[firstRing + 1] as number, lng, lat);
  if (outer === OUTSIDE) return false;
  if (outer === ON_EDGE) return true;
  for (let r = firstRing + 1; r < endRing; r++) {
    if (ringSide(xy, ringStarts[r] as number, ringStarts[r + 1] as number, lng, lat) === INSIDE) return false;
  }
  return true;
}

/** Whether a GeoJSON Polygon or MultiPolygon contains (lng, lat), boundary included. */
export function polygonContains(geometry: Polygon | MultiPolygon, lng: number, lat: number): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some((rings) => {
    const packed = packRings(rings);
    return packedPolygonContains(packed.xy, packed.ringStarts, 0, rings.length, lng, lat);
  });
}

function packRings(rings: Position[][]): { xy: Float64Array; ringStarts: Uint32Array } {
  const ringStarts = new Uint32Array(rings.length + 1);
  rings.forEach((ring, r) => (ringStarts[r + 1] = (ringStarts[r] as number) + ring.length));
  const xy = new Float64Array(2 * (ringStarts[rings.length] as number));
  let offset = 0;
  for (const ring of rings) {
    for (const position of ring) {
      xy[offset++] = position[0] as number;
      xy[offset++] = position[1] as number;
    }
  }
  return { xy, ringStarts };
}
