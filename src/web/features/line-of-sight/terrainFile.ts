import { TERRAIN_TILE_MAX_BYTES } from '../../../common/api/lineOfSight.js';

/** What the Terrain card's file picker offers: SRTM tiles as they are, zipped or gzipped. */
export const TERRAIN_FILE_ACCEPT = '.hgt,.zip,.gz';

/** The server reads a zip's or gzip's inner tile name too, so any .zip or .gz may hold one. */
const TERRAIN_FILE_NAME = /\.(hgt|zip|gz)$/i;

/**
 * Why a chosen file cannot be a terrain tile, before it is sent (the server checks its name and
 * size again); null when it may be. The texts match the server's.
 */
export function terrainFileProblem(file: { name: string; size: number }): string | null {
  if (!TERRAIN_FILE_NAME.test(file.name)) return 'Choose an .hgt, .hgt.zip or .hgt.gz file';
  if (file.size > TERRAIN_TILE_MAX_BYTES) return 'A terrain tile upload must be at most 100 MB';
  if (file.size === 0) return 'The file is empty';
  return null;
}
