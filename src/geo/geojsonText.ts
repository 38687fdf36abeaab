import type { PackedPolygon, PackedRing } from './packedGeometry.js';

/** A feature as the writer takes it: packed polygons ([lng, lat] pairs) and plain JSON properties. */
export interface PackedFeature<P extends object> {
  polygons: readonly PackedPolygon[];
  properties: P;
}

function ringText(ring: PackedRing): string {
  const positions = new Array<string>(ring.length / 2);
  for (let k = 0; k < positions.length; k++) positions[k] = `[${ring[2 * k]},${ring[2 * k + 1]}]`;
  return `[${positions.join(',')}]`;
}

function polygonText(polygon: PackedPolygon): string {
  return `[${polygon.map(ringText).join(',')}]`;
}

/** One polygon gives a Polygon, several a MultiPolygon (as unpackGeometry does). */
export function geometryText(polygons: readonly PackedPolygon[]): string {
  return polygons.length === 1 && polygons[0]
    ? `{"type":"Polygon","coordinates":${polygonText(polygons[0])}}`
    : `{"type":"MultiPolygon","coordinates":[${polygons.map(polygonText).join(',')}]}`;
}

/**
 * GeoJSON FeatureCollection text written straight from packed rings, never building the GeoJSON
 * objects (about 70 bytes a position) in memory. Numbers print as JSON.stringify prints them.
 */
export function featureCollectionText<P extends object>(features: Iterable<PackedFeature<P>>): string {
  const parts: string[] = [];
  for (const feature of features) {
    parts.push(`{"type":"Feature","geometry":${geometryText(feature.polygons)},"properties":${JSON.stringify(feature.properties)}}`);
  }
  return `{"type":"FeatureCollection","features":[${parts.join(',')}]}`;
}
