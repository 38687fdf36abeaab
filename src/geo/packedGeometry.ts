import type { MultiPolygon, Polygon, Position } from 'geojson';

/**
 * Polygons as typed arrays: 16 bytes per vertex, against about 70 bytes for a GeoJSON position
 * (a small JavaScript array) and its slot in the ring. The KML reader and the coverage index work
 * on these; GeoJSON is made from them only where GeoJSON is wanted.
 */

/** A ring as [lng0, lat0, lng1, lat1, …] in degrees, closed: the last vertex repeats the first. */
export type PackedRing = Float64Array;

/** A polygon: its outer ring first, then its holes. */
export type PackedPolygon = PackedRing[];

/** A box in degrees; an empty ring gives west = south = Infinity and east = north = -Infinity. */
export interface RingBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** The smallest box holding every vertex of the ring. */
export function ringBounds(ring: PackedRing): RingBounds {
  const bounds = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (let i = 0; i < ring.length; i += 2) {
    const lng = ring[i] as number;
    const lat = ring[i + 1] as number;
    if (lng < bounds.west) bounds.west = lng;
    if (lng > bounds.east) bounds.east = lng;
    if (lat < bounds.south) bounds.south = lat;
    if (lat > bounds.north) bounds.north = lat;
  }
  return bounds;
}

export function packRing(ring: readonly Position[]): PackedRing {
  const packed = new Float64Array(2 * ring.length);
  ring.forEach((position, k) => {
    packed[2 * k] = position[0] as number;
    packed[2 * k + 1] = position[1] as number;
  });
  return packed;
}

export function unpackRing(ring: PackedRing): Position[] {
  const positions = new Array<Position>(ring.length / 2);
  for (let k = 0; k < positions.length; k++) positions[k] = [ring[2 * k] as number, ring[2 * k + 1] as number];
  return positions;
}

/** The polygons of a GeoJSON geometry, packed: one for a Polygon, one per part of a MultiPolygon. */
export function packGeometry(geometry: Polygon | MultiPolygon): PackedPolygon[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.map((rings) => rings.map(packRing));
}

/** One polygon gives a Polygon, several a MultiPolygon. */
export function unpackGeometry(polygons: readonly PackedPolygon[]): Polygon | MultiPolygon {
  const coordinates = polygons.map((rings) => rings.map(unpackRing));
  return coordinates.length === 1 && coordinates[0] ? { type: 'Polygon', coordinates: coordinates[0] } : { type: 'MultiPolygon', coordinates };
}
