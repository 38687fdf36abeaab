import fs from 'node:fs/promises';
import path from 'node:path';
import type { TerrainTile } from '../../common/api/lineOfSight.js';
import { hgtSamplesPerSide, HgtTile, parseHgtName } from '../../geo/elevation/hgt.js';
import { NotFoundError } from '../errors.js';
import type { UploadedTile } from './hgtUpload.js';
import type { TileMemory } from './tileMemory.js';

/** Another process may add tiles to a shared TERRAIN_DIR: a lookup that misses re-reads the folder at most this often. */
const RESCAN_MS = 10_000;

/** The key of the one-degree cell whose south-west corner is (south, west). */
export function cellKey(south: number, west: number): string {
  return `${south},${west}`;
}

/**
 * SRTM .hgt tiles in TERRAIN_DIR, one file a one-degree cell. The folder is listed once (and again
 * when a lookup misses, at most every RESCAN_MS); tiles are decoded on first use and kept in the
 * shared, size-bounded TileMemory.
 */
export class HgtDirectory {
  /** Listed tiles by cell key, with the file each was found in (names may be in any case). */
  private index: Map<string, { tile: TerrainTile; fileName: string }> | null = null;
  private scannedAt = 0;
  private scanning: Promise<void> | null = null;

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
    return this.memory.load(
      `hgt:${tile.name}`,
      async () => {
        const fileName = this.index?.get(cellKey(tile.south, tile.west))?.fileName ?? `${tile.name}.hgt`;
        const bytes = await fs.readFile(path.join(this.dir, fileName));
        // The file's bytes become the heights: one array per tile, no copy.
        return new HgtTile(tile.south, tile.west, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { adopt: true });
      },
      tile.bytes,
    );
  }

  /** Stores an uploaded tile (replacing one of the same name); written under a temporary name first, so readers never see half a file. */
  async save(tile: UploadedTile): Promise<TerrainTile> {
    await fs.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, `${tile.name}.hgt`);
    const temporary = `${target}.${process.pid}.${Date.now()}.part`;
    await fs.writeFile(temporary, tile.bytes);
    await fs.rename(temporary, target);
    this.memory.forget(`hgt:${tile.name}`);
    await this.rescan();
    const saved = this.index?.get(cellKey(tile.south, tile.west));
    if (!saved) throw new Error(`terrain tile ${tile.name} was written but is not listed`);
    return saved.tile;
  }

  async remove(name: string): Promise<void> {
    const parsed = parseHgtName(`${name}.hgt`);
    await this.rescan();
    const listed = parsed && this.index?.get(cellKey(parsed.south, parsed.west));
    if (!listed) throw new NotFoundError('Terrain tile not found');
    await fs.rm(path.join(this.dir, listed.fileName), { force: true });
    this.memory.forget(`hgt:${listed.tile.name}`);
    await this.rescan();
  }

  /** One listing at a time; callers during a listing share it. */
  private rescan(): Promise<void> {
    this.scanning ??= this.scan().finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  private async scan(): Promise<void> {
    const index = new Map<string, { tile: TerrainTile; fileName: string }>();
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
      });
    }
    this.index = index;
    this.scannedAt = this.now();
  }
}
