import type { MultiPolygon, Polygon } from 'geojson';
import type { PackedCoverageEntry } from '../coverageIndex.js';
import { packGeometry } from '../packedGeometry.js';

/**
 * Test helpers, not for production code: CoverageIndex takes packed polygons only (as the server
 * builds it from stored coverage); tests write their shapes as GeoJSON and pack them here.
 */

/** A GeoJSON geometry ([lng, lat] degrees) and what a lookup that hits it returns. */
export interface GeoJsonCoverageEntry<T> {
  geometry: Polygon | MultiPolygon;
  payload: T;
}

/** The entries with their geometries packed, in the same order, ready for new CoverageIndex(…). */
export function packEntries<T>(entries: readonly GeoJsonCoverageEntry<T>[]): PackedCoverageEntry<T>[] {
  return entries.map(({ geometry, payload }) => ({ polygons: packGeometry(geometry), payload }));
}
