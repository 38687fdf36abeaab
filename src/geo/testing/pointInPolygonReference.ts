import type { MultiPolygon, Polygon } from 'geojson';
import { packGeometry, type PackedPolygon, type PackedRing } from '../packedGeometry.js';
import { EDGE_CROSSED, EDGE_TOUCHED, INSIDE, ON_EDGE, OUTSIDE, testEdge, type RingSide } from '../pointInPolygon.js';

/**
 * Test helpers, not for production code: the plain point-in-polygon test, every edge of every ring
 * read for each point, with the boundary rule of pointInPolygon.ts. The fast paths of the coverage
 * index (RingStore in ringStore.ts, PolygonCells in polygonCells.ts) are checked against it.
 */

/**
 * Where (lng, lat) lies relative to a ring, testing every edge. The ring may or may not repeat its
 * first vertex at the end. RingStore (ringStore.ts) gives the same answer reading only the edges
 * near the point's latitude.
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

/** Whether a packed polygon (outer ring, then holes) contains (lng, lat), boundary included. */
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

/** Whether a GeoJSON Polygon or MultiPolygon ([lng, lat] degrees) contains (lng, lat), boundary included. */
export function polygonContains(geometry: Polygon | MultiPolygon, lng: number, lat: number): boolean {
  return packGeometry(geometry).some((polygon) => packedPolygonContains(polygon, lng, lat));
}
