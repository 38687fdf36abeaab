import { createReadStream } from 'node:fs';
import type { TerrainTile } from '../../common/api/lineOfSight.js';
import { hgtSamplesPerSide, HgtTile, parseHgtName } from '../../geo/elevation/hgt.js';
import type { Executor } from '../db/transactions.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { FileStore } from '../files/fileStore.js';
import type { LegacyFolder } from '../files/legacyFileImport.js';
import { cellKey } from './hgtDirectory.js';
import type { ExtractedTile } from './hgtUpload.js';
import type { TileMemory } from './tileMemory.js';

/** The content type uploaded tiles are stored with. */
const HGT_CONTENT_TYPE = 'application/octet-stream';

/** A tile in the database and the content it was listed with. */
interface Listed {
  tile: TerrainTile;
  sha256: string;
}

export type TileFiles = Pick<FileStore, 'list' | 'get' | 'put' | 'delete'>;

/**
 * The SRTM tiles administrators upload, kept in the database (FileStore, kind 'terrain', named
 * "<tile>.hgt"), so every server on it uses the same ones. The list is read once per coverage
 * revision this process answers from (an upload or removal anywhere moves it, and every process
 * rebuilds, then reads the list again) and after each change made here. A tile is read through
 * this server's disk cache (keyed on its SHA-256) and decoded into the shared TileMemory under
 * that hash, so a replaced tile is another key and never the old heights.
 */
export class UploadedTiles {
  private cached: { revision: number; changes: number; index: Map<string, Listed> } | undefined;
  /** Moves with every change made here: the list is read again after it. */
  private changes = 0;

  constructor(
    private readonly files: TileFiles,
    private readonly memory: TileMemory,
    /** The coverage revision this process's index answers from (CoverageEngine.revision); null before its first build. */
    private readonly builtRevision: () => number | null,
  ) {}

  /**
   * Reads the list for the revision just built (background.ts calls it on every rebuild, before
   * the footprints are reconciled), so a coverage check never waits on the database for it. A read
   * that fails (the database away) is tried again by the next use.
   */
  async refresh(): Promise<void> {
    await this.index().catch(() => undefined);
  }

  async list(): Promise<TerrainTile[]> {
    return [...(await this.index()).values()].map((listed) => listed.tile);
  }

  /** The tile stored for the cell at (lat, lng), without loading it; undefined when there is none. */
  async find(lat: number, lng: number): Promise<TerrainTile | undefined> {
    return (await this.index()).get(cellKey(Math.floor(lat), Math.floor(lng)))?.tile;
  }

  /** The decoded tile (from memory, or read through the disk cache now). */
  async load(tile: TerrainTile): Promise<HgtTile> {
    const listed = await this.listed(tile);
    return this.memory.load(
      memoryKey(listed),
      async () => {
        const stored = await this.files.get('terrain', fileNameOf(tile.name));
        // Replaced or removed since it was listed: the next revision's list tells which tile to read.
        if (stored?.file.sha256 !== listed.sha256) throw new Error(`terrain tile ${tile.name} changed while it was being read`);
        // The bytes become the heights: one array per tile, no copy.
        return new HgtTile(tile.south, tile.west, new Uint8Array(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength), { adopt: true });
      },
      tile.bytes,
    );
  }

  /** SHA-256 of the tile's content (hex), stored with it: what footprints are keyed on. */
  async contentHash(tile: TerrainTile): Promise<string> {
    return (await this.listed(tile)).sha256;
  }

  /** Stores a checked tile written to `file` (replacing one of that name) in `trx`, the change's transaction. */
  async save(extracted: ExtractedTile, file: string, trx: Executor): Promise<TerrainTile> {
    const stored = await this.files.put('terrain', fileNameOf(extracted.name), createReadStream(file), HGT_CONTENT_TYPE, trx);
    this.changes += 1;
    return toTile(extracted.name, extracted.south, extracted.west, stored.byteSize);
  }

  /** False when no tile of that name is stored. */
  async remove(name: string, trx: Executor): Promise<boolean> {
    const removed = await this.files.delete('terrain', fileNameOf(name), trx);
    this.changes += 1;
    return removed;
  }

  private async listed(tile: TerrainTile): Promise<Listed> {
    const listed = (await this.index()).get(cellKey(tile.south, tile.west));
    if (!listed || listed.tile.name !== tile.name) throw new Error(`terrain tile ${tile.name} is no longer stored`);
    return listed;
  }

  private async index(): Promise<Map<string, Listed>> {
    const revision = this.builtRevision();
    const { cached, changes } = this;
    if (cached && revision !== null && cached.revision === revision && cached.changes === changes) return cached.index;
    const index = new Map<string, Listed>();
    for (const file of await this.files.list('terrain')) {
      const parsed = parseHgtName(file.name);
      if (!parsed || hgtSamplesPerSide(file.byteSize) === null) continue;
      index.set(cellKey(parsed.south, parsed.west), { tile: toTile(parsed.name, parsed.south, parsed.west, file.byteSize), sha256: file.sha256 });
    }
    if (revision !== null) this.cached = { revision, changes, index };
    return index;
  }
}

/** The stored file's name of a tile: its SRTM name in capitals, ".hgt". */
export function fileNameOf(tileName: string): string {
  return `${tileName.toUpperCase()}.hgt`;
}

function toTile(name: string, south: number, west: number, bytes: number): TerrainTile {
  return { name, south, west, arc_seconds: hgtSamplesPerSide(bytes) === 3601 ? 1 : 3, bytes };
}

/** A decoded tile's key in TileMemory: other content is another key. */
function memoryKey(listed: Listed): string {
  return `hgt-stored:${listed.tile.name}:${listed.sha256}`;
}

/**
 * The folder where uploads were written while TERRAIN_DIR was not set (its default, DATA_DIR/terrain):
 * its tiles move into the database at start, each with a move of the coverage revision (every
 * server then reads the new list). A TERRAIN_DIR the operator set is their folder and stays one
 * (srtmTiles.ts reads it): services.ts passes no legacy folder then.
 */
export function legacyTileFolder(dir: string, files: Pick<FileStore, 'put'>, coverage: Pick<CoverageChanges, 'commit'>): LegacyFolder {
  return {
    kind: 'terrain',
    dir,
    accept: (fileName, byteSize) => {
      const parsed = parseHgtName(fileName);
      if (!parsed || !fileName.toLowerCase().endsWith('.hgt') || hgtSamplesPerSide(byteSize) === null) return null;
      return { name: fileNameOf(parsed.name), contentType: HGT_CONTENT_TYPE };
    },
    store: (name, content, contentType) => coverage.commit((trx) => files.put('terrain', name, content, contentType, trx)),
  };
}
