import { countText } from '../../../common/countText.js';
import type { LatLng } from '../../map/mapTypes.js';
import { ZONE_MAX_VERTICES, type ZoneGeometry, zonePolygons, zoneVertexCount } from '../../../common/api/zones.js';

/** A position of an outline: [longitude, latitude] in degrees (GeoJSON order). */
export type LngLat = [number, number];

/**
 * The most vertices an outline may have and still be loaded into the drawing tools for editing:
 * above it (a detailed uploaded boundary) the map shows it as it is, and it can only be replaced.
 */
export const EDITABLE_VERTEX_LIMIT = 2_000;

/** The same position: GeoJSON closes a ring by repeating its first position exactly. */
const samePosition = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** A ring closed as GeoJSON wants it: the first position repeated at the end (added only when missing). */
export function closeRing(ring: readonly LngLat[]): LngLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || samePosition(first, last)) return [...ring];
  return [...ring, first];
}

/** "No outline yet", "5 vertices", "2 polygons, 1,234 vertices", with a warning past the API's limit. */
export function outlineSummary(geometry: ZoneGeometry | null): string {
  if (!geometry) return 'No outline yet';
  const polygons = zonePolygons(geometry).length;
  const corners = zoneVertexCount(geometry);
  const vertices = `${corners.toLocaleString('en-US')} ${corners === 1 ? 'vertex' : 'vertices'}`;
  const summary = polygons === 1 ? vertices : `${countText(polygons, 'polygon')}, ${vertices}`;
  return corners > ZONE_MAX_VERTICES ? `${summary} (at most ${ZONE_MAX_VERTICES.toLocaleString('en-US')})` : summary;
}

/**
 * The outline of the drawn shapes, each given as its outer ring ([lng, lat]; closed here when it is
 * not): null for none, a Polygon for one, a MultiPolygon for several. Rings of fewer than three
 * corners enclose nothing and are left out.
 */
export function outlineFromRings(rings: readonly (readonly LngLat[])[]): ZoneGeometry | null {
  const polygons = rings.map(closeRing).filter((ring) => ring.length >= 4);
  const [only] = polygons;
  if (!only) return null;
  if (polygons.length === 1) return { type: 'Polygon', coordinates: [only] };
  return { type: 'MultiPolygon', coordinates: polygons.map((ring) => [ring]) };
}

/**
 * The outer rings the drawing tools can edit, or null when the outline cannot be edited there:
 * it has holes (the tools draw outer rings only) or more than EDITABLE_VERTEX_LIMIT vertices.
 */
export function editableRings(geometry: ZoneGeometry): LngLat[][] | null {
  const polygons = zonePolygons(geometry);
  if (polygons.some((polygon) => polygon.length !== 1)) return null;
  if (zoneVertexCount(geometry) > EDITABLE_VERTEX_LIMIT) return null;
  return polygons.map((polygon) => closeRing(polygon[0] ?? []));
}

/**
 * A ring with its positions rounded to `decimals` places (terra-draw refuses positions finer than
 * its precision, 9 decimals: about 0.1 mm, while files often carry 15).
 */
export function roundedRing(ring: readonly LngLat[], decimals: number): LngLat[] {
  const scale = 10 ** decimals;
  return ring.map(([lng, lat]) => [Math.round(lng * scale) / scale, Math.round(lat * scale) / scale]);
}

/** The outline's box as MapLibre's fitBounds takes it: [[west, south], [east, north]] in degrees. */
export function outlineBounds(geometry: ZoneGeometry): [LngLat, LngLat] | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const polygon of zonePolygons(geometry)) {
    for (const ring of polygon) {
      for (const [lng, lat] of ring) {
        west = Math.min(west, lng);
        east = Math.max(east, lng);
        south = Math.min(south, lat);
        north = Math.max(north, lat);
      }
    }
  }
  if (west > east) return null;
  return [
    [west, south],
    [east, north],
  ];
}

/** The server's "The zone's outline crosses itself near <lat>, <lng>" (common/api/zones.ts zoneCrossingMessage). */
const CROSSING_MESSAGE = /crosses itself near (-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)/;

/** Where a refusal says the outline crosses itself, to mark it on the map; null for any other message. */
export function crossingPointOf(message: string): LatLng | null {
  const match = CROSSING_MESSAGE.exec(message);
  if (!match) return null;
  return { lat: Number(match[1]), lng: Number(match[2]) };
}
