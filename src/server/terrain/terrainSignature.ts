import type { SrtmTiles } from './srtmTiles.js';

/**
 * What the terrain of an area is made of, as text that changes when it does: the SRTM tiles
 * overlapping the box (name, size, arc-seconds and the SHA-256 of the content, so a tile replaced by
 * another of the same size counts as other terrain) and the Terrarium URL, if any. A footprint
 * computed over other terrain is stale.
 */
export async function terrainSignature(
  tiles: Pick<SrtmTiles, 'list' | 'contentHash'>,
  terrariumUrl: string | null,
  bounds: { south: number; west: number; north: number; east: number },
): Promise<string> {
  const overlapping = (await tiles.list()).filter(
    (tile) => tile.south < bounds.north && tile.south + 1 > bounds.south && tile.west < bounds.east && tile.west + 1 > bounds.west,
  );
  const hgt = await Promise.all(overlapping.map(async (tile) => [tile.name, tile.bytes, tile.arc_seconds, await tiles.contentHash(tile)]));
  return JSON.stringify({ hgt, terrarium: terrariumUrl });
}
