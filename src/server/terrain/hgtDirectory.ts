import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TerrainTile } from '../../common/api/lineOfSight.js';
import { hgtSamplesPerSide, HgtTile, parseHgtName } from '../../geo/elevation/hgt.js';
import type { TileMemory } from './tileMemory.js';

/** Another process may add tiles to a shared TERRAIN_DIR: a lookup that misses re-reads the folder at most this often. */
const RESCAN_MS = 10_000;

/** The key of the one-degree cell whose south-west corner is (south, west). */
export function cellKey(south: number, west: number): string {
  return `${south},${west}`;
}

/** A listed tile and the file it was found in (names may be in any case). */
interface Listed {
  tile: TerrainTile;
  fileName: string;
  /**
   * Changes whenever the file is replaced or rewritten, by an upload, another process or by hand:
   * inode, size, modification and change times (a copy that keeps the modification time still
   * moves the change time).
   */
  stamp: string;
}

const stampOf = (stat: Stats) => `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;

/**
 * SRTM .hgt tiles in TERRAIN_DIR, one file a one-degree cell: the operator's folder, which the
 * server only reads (uploaded tiles are kept in the database: uploadedTiles.ts). The folder is listed once (and again
 * when a lookup misses, at most every RESCAN_MS); tiles are decoded on first use and kept in the
 * shared, size-bounded TileMemory under their file's stamp, so a replaced file is read again.
 */
export class HgtDirectory {
  /** Listed tiles by cell key. */
  private index: Map<string, Listed> | null = null;
  private scannedAt = 0;
  private scanning: Promise<void> | null = null;
  /** SHA-256 of each file's content by file name, for the stamp it was computed at. */
  private readonly hashes = new Map<string, { stamp: string; sha256: Promise<string> }>();

  constructor(
    private readonly dir: string,
    private readonly memory: TileMemory,
    private readonly now: () => number = Date.now,
  ) {}

  /** Every tile in the folder, by name. */
  async list(): Promise<TerrainTile[]> {
    await this.rescan();
    return [...(this.index?.values() ?? [])].map((entry) => entry.tile).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The tile listed for the cell at (lat, lng), without loading it; undefined when there is none. */
  async find(lat: number, lng: number): Promise<TerrainTile | undefined> {
    const key = cellKey(Math.floor(lat), Math.floor(lng));
    if (!this.index) await this.rescan();
    const listed = this.index?.get(key);
    if (listed || this.now() - this.scannedAt < RESCAN_MS) return listed?.tile;
    await this.rescan();
    return this.index?.get(key)?.tile;
  }

  /** The decoded tile of a listed cell (from memory, or read from disk now). */
  load(tile: TerrainTile): Promise<HgtTile> {
    const listed = this.index?.get(cellKey(tile.south, tile.west));
    const fileName = listed?.fileName ?? `${tile.name}.hgt`;
    return this.memory.load(
      memoryKey(tile.name, listed?.stamp ?? ''),
      async () => {
        const bytes = await fs.readFile(path.join(this.dir, fileName));
        // The file's bytes become the heights: one array per tile, no copy.
        return new HgtTile(tile.south, tile.west, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { adopt: true });
      },
      tile.bytes,
    );
  }

  /**
   * SHA-256 of a listed tile's content (hex): computed once per version of its file, by streaming
   * it. What footprints are keyed on, so that a tile
   * replaced by another of the same size (a copy into the folder by hand) is seen.
   */
  contentHash(tile: TerrainTile): Promise<string> {
    const listed = this.index?.get(cellKey(tile.south, tile.west));
    if (!listed) return Promise.reject(new Error(`terrain tile ${tile.name} is no longer listed`));
    const known = this.hashes.get(listed.fileName);
    if (known?.stamp === listed.stamp) return known.sha256;
    const sha256 = hashFile(path.join(this.dir, listed.fileName));
    const entry = { stamp: listed.stamp, sha256 };
    this.hashes.set(listed.fileName, entry);
    // A failed read is tried again next time.
    sha256.catch(() => {
      if (this.hashes.get(listed.fileName) === entry) this.hashes.delete(listed.fileName);
    });
    return sha256;
  }

  /** One listing at a time; callers during a listing share it. */
  private rescan(): Promise<void> {
    this.scanning ??= this.scan().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  private async scan(): Promise<void> {
    const index = new Map<string, Listed>();
    let names: string[] = [];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      // No folder yet: no tiles.
    }
    for (const fileName of names) {
      const parsed = parseHgtName(fileName);
      if (!parsed || !fileName.toLowerCase().endsWith('.hgt')) continue;
      const stat = await fs.stat(path.join(this.dir, fileName)).catch(() => null);
      const samples = stat ? hgtSamplesPerSide(stat.size) : null;
      if (!stat || !samples) continue;
      index.set(cellKey(parsed.south, parsed.west), {
        tile: { name: parsed.name, south: parsed.south, west: parsed.west, arc_seconds: samples === 3601 ? 1 : 3, bytes: stat.size },
        fileName,
        stamp: stampOf(stat),
      });
    }
    const present = new Set(names);
    for (const fileName of this.hashes.keys()) if (!present.has(fileName)) this.hashes.delete(fileName);
    this.index = index;
    this.scannedAt = this.now();
  }
}

/** A decoded tile's key in TileMemory: another version of the file is another key. */
function memoryKey(name: string, stamp: string): string {
  return `hgt:${name}:${stamp}`;
}

async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
