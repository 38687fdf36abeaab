import type { TerrainSource } from '../../common/api/lineOfSight.js';
import type { LatLng } from '../../geo/sphere.js';

/** One loaded piece of elevation data: heights for the points it holds. */
export interface ElevationTile {
  /** Whether the point (degrees) is on this tile. */
  contains(lat: number, lng: number): boolean;
  /** Metres above sea level at a point on the tile. */
  heightAt(lat: number, lng: number): number;
}

/**
 * Where terrain heights come from (docs/radio-model.md, Terrain): SRTM tiles in a folder, Terrarium
 * tiles from a URL, or flat ground. Terrain tries them in that order for every point.
 */
export interface ElevationSource {
  readonly kind: TerrainSource;
  /** Metres between this source's samples near a point; null when it has no data there. */
  spacingAt(point: LatLng): Promise<number | null>;
  /** The tile holding a point, loaded; null when this source has no data there or cannot get it now. */
  tileAt(lat: number, lng: number): Promise<ElevationTile | null>;
}
