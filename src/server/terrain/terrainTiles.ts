import type { TerrainTile } from '../../common/api/lineOfSight.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { HgtDirectory } from './hgtDirectory.js';
import { readUploadedTile } from './hgtUpload.js';

/**
 * Rules for the admin's SRTM tiles. A new or removed tile changes wireless answers, so it commits
 * through the coverage signal: every process rebuilds its checks on the new terrain.
 */
export class TerrainTiles {
  /** Uploads one at a time per process: each holds a file of up to 100 MB and its inflated tile. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly directory: HgtDirectory,
    private readonly coverage: Pick<CoverageChanges, 'commit'>,
  ) {}

  list(): Promise<TerrainTile[]> {
    return this.directory.list();
  }

  upload(fileName: string, file: Uint8Array): Promise<TerrainTile> {
    const run = this.queue.then(async () => {
      const tile = readUploadedTile(fileName, file);
      return this.coverage.commit(() => this.directory.save(tile));
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  remove(name: string): Promise<void> {
    return this.coverage.commit(() => this.directory.remove(name));
  }
}
