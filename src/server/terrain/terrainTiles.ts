import type { TerrainTile } from '../../common/api/lineOfSight.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { HgtDirectory } from './hgtDirectory.js';
import { extractUploadedTile } from './hgtUpload.js';

/**
 * Rules for the admin's SRTM tiles. A new or removed tile changes wireless answers, so it commits
 * through the coverage signal: every process rebuilds its checks on the new terrain.
 */
export class TerrainTiles {
  /** Uploads one at a time per process: each inflates up to a tile's size into the terrain folder. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly directory: HgtDirectory,
    private readonly coverage: Pick<CoverageChanges, 'commit'>,
    private readonly audit: AuditRecorder,
  ) {}

  list(): Promise<TerrainTile[]> {
    return this.directory.list();
  }

  /**
   * Stores the tile of an uploaded file (`upload`, a path; `fileName`, the client's name for it).
   * The tile is written and checked before the commit, which only moves it into place.
   */
  upload(fileName: string, upload: string): Promise<TerrainTile> {
    const run = this.queue.then(async () => {
      const staged = await this.directory.stage((file) => extractUploadedTile(fileName, upload, file));
      try {
        return await this.coverage.commit(async (trx) => {
          const tile = await this.directory.save(staged);
          await this.audit.record(trx, { entity: 'terrain_tile', entityId: tile.name, action: 'upload', after: { ...tile, file_name: fileName } });
          return tile;
        });
      } finally {
        await this.directory.discard(staged);
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  remove(name: string): Promise<void> {
    return this.coverage.commit(async (trx) => {
      await this.directory.remove(name);
      await this.audit.record(trx, { entity: 'terrain_tile', entityId: name, action: 'delete', before: { name } });
    });
  }
}
