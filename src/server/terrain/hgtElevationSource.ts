import type { LatLng } from '../../geo/sphere.js';
import { EARTH_RADIUS_M } from '../../geo/sphere.js';
import type { ElevationSource, ElevationTile } from './elevationSource.js';
import type { HgtDirectory } from './hgtDirectory.js';

/** Where SRTM tiles are found and loaded: a folder (HgtDirectory) or every tile the server has (SrtmTiles). */
export type HgtTiles = Pick<HgtDirectory, 'find' | 'load'>;

/** Metres along a meridian per arc-second of latitude. */
const METRES_PER_ARC_SECOND = (Math.PI * EARTH_RADIUS_M) / (180 * 3600);

/** SRTM .hgt tiles, uploaded or in TERRAIN_DIR (decoded on first use, kept in the shared TileMemory). */
export class HgtElevationSource implements ElevationSource {
  readonly kind = 'hgt' as const;

  constructor(private readonly directory: HgtTiles) {}

  async spacingAt(point: LatLng): Promise<number | null> {
    const listed = await this.directory.find(point.lat, point.lng);
    return listed ? listed.arc_seconds * METRES_PER_ARC_SECOND : null;
  }

  async tileAt(lat: number, lng: number): Promise<ElevationTile | null> {
    const listed = await this.directory.find(lat, lng);
    if (!listed) return null;
    const tile = await this.directory.load(listed);
    return { contains: (a, b) => tile.contains(a, b), heightAt: (a, b) => tile.elevation(a, b) };
  }
}
