import type { FeatureCollection, Geometry, Position } from 'geojson';
import type { LngLatBoundsLike } from 'maplibre-gl';
import type { LatLng } from '../../map/mapTypes.js';

/** Every [lng, lat] position of a geometry's outer and inner rings (the What if areas are Polygons or MultiPolygons). */
function polygonsOf(geometry: Geometry | null): Position[][][] {
  if (geometry?.type === 'Polygon') return [geometry.coordinates];
  if (geometry?.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

/** The box around a footprint's areas, [[west, south], [east, north]] in degrees; null when it has none. */
export function footprintBounds(areas: FeatureCollection): LngLatBoundsLike | null {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const feature of areas.features) {
    for (const polygon of polygonsOf(feature.geometry)) {
      for (const [lng, lat] of polygon[0] ?? []) {
        west = Math.min(west, lng!);
        east = Math.max(east, lng!);
        south = Math.min(south, lat!);
        north = Math.max(north, lat!);
      }
    }
  }
  return west <= east
    ? [
        [west, south],
        [east, north],
      ]
    : null;
}

/** Crossing-number test of one ring, degrees taken as planar (the areas span tens of kilometres). */
function ringContains(ring: readonly Position[], { lat, lng }: LatLng): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < xi + ((lat - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and in none of its holes. */
function polygonContains(polygon: readonly Position[][], point: LatLng): boolean {
  const [outer, ...holes] = polygon;
  return outer !== undefined && ringContains(outer, point) && !holes.some((hole) => ringContains(hole, point));
}

/**
 * The band a candidate's footprint gives `point`: the areas are nested (each band's area holds the
 * cells of that band or better, with its `rank`), so the best-ranked area holding the point names
 * it. Null outside every area: no usable signal there.
 */
export function footprintBandAt(areas: FeatureCollection, point: LatLng): string | null {
  let best: { rank: number; band: string } | null = null;
  for (const feature of areas.features) {
    const rank = Number(feature.properties?.rank);
    if (best && rank <= best.rank) continue;
    if (polygonsOf(feature.geometry).some((polygon) => polygonContains(polygon, point))) best = { rank, band: String(feature.properties?.band) };
  }
  return best?.band ?? null;
}

/** Whether the candidate would serve the analysed location; null when no location is analysed. */
export function candidateReachSentence(areas: FeatureCollection, target: LatLng | null): string | null {
  if (!target) return null;
  const band = footprintBandAt(areas, target);
  return band ? `The analysed location would be reached (${band} signal).` : 'The analysed location would not be reached.';
}
