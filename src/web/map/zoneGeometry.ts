import type { MultiPolygon, Polygon, Position } from 'geojson';
import { polygonsContain } from '../../geo/polygonContains.js';

/**
 * A zone's outline in the browser: whether a checked point falls in it, and where its progress
 * label goes. GeoJSON positions are [lng, lat] in degrees, treated as planar (zones are a suburb
 * or a town across); the point test is geo/polygonContains.ts, the server's own.
 */

type Ring = readonly Position[];

function polygonsOf(geometry: Polygon | MultiPolygon): Position[][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** Whether (lng, lat) lies in the zone: inside an outer ring and not inside one of its holes; edges count as inside. */
export function zoneContains(geometry: Polygon | MultiPolygon, lng: number, lat: number): boolean {
  return polygonsContain(polygonsOf(geometry), lng, lat);
}

/** Twice the ring's signed area, degrees squared (the shoelace sum). */
function doubleArea(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x1, y1] = ring[j] as Position;
    const [x2, y2] = ring[i] as Position;
    sum += (x1 as number) * (y2 as number) - (x2 as number) * (y1 as number);
  }
  return sum;
}

/**
 * Where a zone's label sits, [lng, lat]: on its largest part, halfway across the widest stretch of
 * the part's inside along the latitude halfway between its south and north. Unlike the centroid,
 * this is inside a crescent or an L-shaped zone as well.
 */
export function zoneLabelPoint(geometry: Polygon | MultiPolygon): [number, number] | null {
  let largest: Position[][] | null = null;
  let largestArea = -1;
  for (const polygon of polygonsOf(geometry)) {
    const area = polygon[0] ? Math.abs(doubleArea(polygon[0])) : 0;
    if (area > largestArea) {
      largest = polygon;
      largestArea = area;
    }
  }
  const outer = largest?.[0];
  if (!largest || !outer || outer.length === 0) return null;
  const lats = outer.map((position) => position[1] as number);
  const lat = (Math.min(...lats) + Math.max(...lats)) / 2;
  // Where the rings cross that latitude, west to east: inside between the 1st and 2nd, 3rd and 4th…
  const crossings: number[] = [];
  for (const ring of largest) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j] as [number, number];
      const [x2, y2] = ring[i] as [number, number];
      if (y1 > lat !== y2 > lat) crossings.push(x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  crossings.sort((a, b) => a - b);
  let best: [number, number] | null = null;
  let widest = -1;
  for (let k = 0; k + 1 < crossings.length; k += 2) {
    const west = crossings[k] as number;
    const east = crossings[k + 1] as number;
    if (east - west > widest) {
      widest = east - west;
      best = [(west + east) / 2, lat];
    }
  }
  return best ?? [outer[0]?.[0] as number, outer[0]?.[1] as number];
}
