import {
  ZONE_MAX_VERTICES,
  ZONE_TOO_MANY_VERTICES_MESSAGE,
  type ZoneGeometry,
  zoneCrossingMessage,
  zonePolygons,
  zoneVertexCount,
} from '../../common/api/zones.js';
import { findOutlineCrossing, OutlineTooIntricateError } from '../../geo/polygonValidity.js';
import { ValidationError } from '../errors.js';

export const ZONE_TOO_INTRICATE_MESSAGE = "The zone's outline is too intricate to check for crossings: simplify it";

/** A zone's outline as stored: its vertex count and its box ([lng, lat] degrees). */
export interface CheckedOutline {
  vertexCount: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Checks a zone's outline (issue 20 §2): at most 50,000 vertices, and no ring crossing itself or
 * another ring of its polygon (geo/polygonValidity.ts). Refusals are ValidationErrors with the
 * API's messages.
 */
export function checkZoneOutline(geometry: ZoneGeometry): CheckedOutline {
  const vertexCount = zoneVertexCount(geometry);
  if (vertexCount > ZONE_MAX_VERTICES) throw new ValidationError(ZONE_TOO_MANY_VERTICES_MESSAGE);
  const polygons = zonePolygons(geometry);
  let crossing;
  try {
    crossing = findOutlineCrossing(polygons);
  } catch (error) {
    if (error instanceof OutlineTooIntricateError) throw new ValidationError(ZONE_TOO_INTRICATE_MESSAGE);
    throw error;
  }
  if (crossing) throw new ValidationError(zoneCrossingMessage(crossing.lat, crossing.lng));
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const rings of polygons) {
    for (const [lng, lat] of rings[0] ?? []) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return { vertexCount, west, south, east, north };
}
