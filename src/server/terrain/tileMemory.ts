import { LRUCache } from 'lru-cache';
import { collectGarbage } from '../system/collectGarbage.js';

/** A decoded elevation tile: what it costs to keep. */
export interface SizedTile {
  readonly byteSize: number;
}

/**
 * Decoded elevation tiles (SRTM and Terrarium alike) kept in one least-recently-used cache bounded
 * in bytes (TERRAIN_MEMORY_MB). Before a tile is read, older tiles make room for it and their
 * memory is collected, so the tiles held stay within the budget while the new one loads. Loads of
 * the same tile at once share one read.
 */
export class TileMemory {
  private readonly cache: LRUCache<string, SizedTile>;
  private readonly loading = new Map<string, Promise<SizedTile>>();

  constructor(maxBytes: number) {
    this.cache = new LRUCache<string, SizedTile>({ maxSize: maxBytes, sizeCalculation: (tile) => Math.max(1, tile.byteSize) });
  }

  /** The tile under `key`, loaded with `read` when it is not in memory; `expectedBytes` is what it will hold. */
  async load<T extends SizedTile>(key: string, read: () => Promise<T>, expectedBytes = 0): Promise<T> {
    const cached = this.cache.get(key);
    if (cached) return cached as T;
    let pending = this.loading.get(key);
    if (!pending) {
      this.makeRoom(expectedBytes);
      pending = read()
        .then((tile) => {
          // A tile larger than the whole budget is used once and not kept (the cache refuses it).
          this.cache.set(key, tile);
          return tile;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return (await pending) as T;
  }

  private makeRoom(bytes: number): void {
    let dropped = false;
    while (this.cache.size > 0 && this.cache.calculatedSize + bytes > this.cache.maxSize) {
      this.cache.pop();
      dropped = true;
    }
    // A dropped tile's memory (26 MB for 1 arc-second) returns only once its array is collected.
    if (dropped) collectGarbage();
  }

  /** A tile already in memory, or undefined; never reads. */
  peek<T extends SizedTile>(key: string): T | undefined {
    return this.cache.get(key) as T | undefined;
  }

  forget(key: string): void {
    this.cache.delete(key);
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.cache.calculatedSize;
  }
}
