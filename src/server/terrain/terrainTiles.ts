import fs from 'node:fs/promises';
import type { TerrainTile } from '../../common/api/lineOfSight.js';
import { parseHgtName } from '../../geo/elevation/hgt.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { FileStore } from '../files/fileStore.js';
import { extractUploadedTile } from './hgtUpload.js';
import type { SrtmTiles } from './srtmTiles.js';
import type { UploadedTiles } from './uploadedTiles.js';

export interface TerrainTilesDeps {
  /** Every tile (uploaded, and the operator's TERRAIN_DIR): what is listed. */
  tiles: Pick<SrtmTiles, 'list' | 'find'>;
  /** The uploaded tiles, in the database: what an upload writes and a removal deletes. */
  uploaded: Pick<UploadedTiles, 'save' | 'remove' | 'find'>;
  /** Where an upload is inflated and checked before it is stored (the file cache's temporary files). */
  staging: Pick<FileStore, 'temporaryFile'>;
  coverage: Pick<CoverageChanges, 'commit'>;
  audit: AuditRecorder;
}

/**
 * Rules for the admin's SRTM tiles. A new or removed tile changes wireless answers, so it commits
 * through the coverage signal: every process rebuilds its checks on the new terrain.
 */
export class TerrainTiles {
  /** Uploads one at a time per process: each inflates up to a tile's size onto the disk. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: TerrainTilesDeps) {}

  list(): Promise<TerrainTile[]> {
    return this.deps.tiles.list();
  }

  /**
   * Stores the tile of an uploaded file (`upload`, a path; `fileName`, the client's name for it).
   * The tile is written to a temporary file and checked before the commit, which stores it in the
   * database (replacing one of the same name) with the coverage revision's move.
   */
  upload(fileName: string, upload: string): Promise<TerrainTile> {
    const run = this.queue.then(async () => {
      const file = await this.deps.staging.temporaryFile();
      try {
        const extracted = await extractUploadedTile(fileName, upload, file);
        return await this.deps.coverage.commit(async (trx) => {
          const tile = await this.deps.uploaded.save(extracted, file, trx);
          await this.deps.audit.record(trx, { entity: 'terrain_tile', entityId: tile.name, action: 'upload', after: { ...tile, file_name: fileName } });
          return tile;
        });
      } finally {
        await fs.rm(file, { force: true });
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Removes an uploaded tile; a tile in TERRAIN_DIR is the operator's to remove there. */
  async remove(name: string): Promise<void> {
    const parsed = parseHgtName(`${name}.hgt`);
    if (!parsed) throw new NotFoundError('Terrain tile not found');
    const uploaded = await this.deps.uploaded.find(parsed.south, parsed.west);
    if (uploaded?.name !== parsed.name) {
      const inFolder = await this.deps.tiles.find(parsed.south, parsed.west);
      if (inFolder?.name === parsed.name)
        throw new ValidationError(`Terrain tile ${parsed.name} is a file in the server's TERRAIN_DIR folder: remove it there`);
      throw new NotFoundError('Terrain tile not found');
    }
    await this.deps.coverage.commit(async (trx) => {
      // Removed meanwhile (by another server): nothing changes, the revision stays.
      if (!(await this.deps.uploaded.remove(parsed.name, trx))) throw new NotFoundError('Terrain tile not found');
      await this.deps.audit.record(trx, { entity: 'terrain_tile', entityId: parsed.name, action: 'delete', before: { name: parsed.name } });
    });
  }
}
