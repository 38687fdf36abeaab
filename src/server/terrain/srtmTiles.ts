import type { TerrainTile } from '../../common/api/lineOfSight.js';
import type { HgtTile } from '../../geo/elevation/hgt.js';
import { cellKey, type HgtDirectory } from './hgtDirectory.js';
import type { UploadedTiles } from './uploadedTiles.js';

type TileSource = Pick<HgtDirectory, 'list' | 'find' | 'load' | 'contentHash'>;

/**
 * Every SRTM tile the server has: those uploaded (in the database) and those in the operator's
 * TERRAIN_DIR. Where both have a tile for one cell, the uploaded one is used: an upload is the
 * administrator's deliberate choice for that cell.
 */
export class SrtmTiles {
  constructor(
    private readonly uploaded: Pick<UploadedTiles, 'list' | 'find' | 'load' | 'contentHash'>,
    private readonly folder: TileSource,
  ) {}

  async list(): Promise<TerrainTile[]> {
    const byCell = new Map<string, TerrainTile>();
    for (const tile of await this.folder.list()) byCell.set(cellKey(tile.south, tile.west), tile);
    for (const tile of await this.uploaded.list()) byCell.set(cellKey(tile.south, tile.west), tile);
    return [...byCell.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  async find(lat: number, lng: number): Promise<TerrainTile | undefined> {
    return (await this.uploaded.find(lat, lng)) ?? this.folder.find(lat, lng);
  }

  async load(tile: TerrainTile): Promise<HgtTile> {
    return (await this.sourceOf(tile)).load(tile);
  }

  async contentHash(tile: TerrainTile): Promise<string> {
    return (await this.sourceOf(tile)).contentHash(tile);
  }

  /** Where a listed tile came from: the upload when one is stored for its cell. */
  private async sourceOf(tile: TerrainTile): Promise<TileSource> {
    return (await this.uploaded.find(tile.south, tile.west)) ? this.uploaded : this.folder;
  }
}
