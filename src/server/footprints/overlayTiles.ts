import type { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import { startWorker } from '../workerThreads.js';

/** One current footprint's band areas (a FeatureCollection's JSON text, as stored). */
export interface OverlayFootprint {
  towerId: number;
  areasJson: string;
}

/**
 * What the worker is asked, in order: `set` starts a version of the footprints, an `add` hands it
 * each footprint, and the first `tile` after them indexes what was added. A footprint a message:
 * a message is copied whole (structured clone), so one message of every footprint's text would
 * hold two more copies of all of it at once, serialised here and rebuilt in the worker.
 */
export type OverlayTileRequest =
  { kind: 'set'; version: number; layer: string } | ({ kind: 'add' } & OverlayFootprint) | { kind: 'tile'; id: number; z: number; x: number; y: number };

/** The worker's answer to a tile request: the tile (null where it holds nothing), or why it could not be cut. */
export type OverlayTileReply = { id: number; version: number; bytes: Uint8Array | null } | { id: number; version: number; error: string };

/** Tiles kept here (least recently used go first), and their bytes: a low-zoom tile of many footprints is hundreds of KB. */
const MAX_CACHED_TILES = 2000;
const MAX_CACHED_BYTES = 8 * 1024 * 1024;
/** What a cached tile costs beyond its bytes (its key and the cache's entry), bytes. */
const ENTRY_OVERHEAD_BYTES = 200;
/** An empty tile, kept in the cache (which takes no null) so the worker is not asked again. */
const EMPTY_TILE = new Uint8Array(0);
/**
 * A tile is cut in milliseconds, after the worker has indexed the footprints (about 0.3 s
 * for 100 towers on 1-arc-second terrain, sectorMemory benchmark); a worker this slow is stuck. Only the backstop: a reply that was
 * lost is noticed as soon as the worker answers a later request.
 */
const TILE_TIMEOUT_MS = 10_000;

/** What OverlayTiles uses of its worker thread (tests hand in a fake). */
export type OverlayTileWorker = Pick<Worker, 'postMessage' | 'on' | 'unref' | 'terminate'>;

/** Starts overlayTileWorker.ts, which answers tile requests until it is ended. */
export function startOverlayTileWorker(): OverlayTileWorker {
  return startWorker({ beside: import.meta.url, module: 'overlayTileWorker' });
}

/**
 * The wireless overlay's vector tiles, cut in a worker thread (overlayTileWorker.ts) that holds the
 * tile index of every current footprint, so that building it never stalls coverage checks. The
 * caller hands over the footprints with a version whenever they change; tiles are answered for
 * that version and cached here. Requests for a tile that is being cut wait for that one cut.
 */
export class OverlayTiles {
  private worker: OverlayTileWorker | null = null;
  private sentVersion = -1;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (bytes: Uint8Array | null) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private readonly cache = new LRUCache<string, Uint8Array>({
    max: MAX_CACHED_TILES,
    maxSize: MAX_CACHED_BYTES,
    sizeCalculation: (bytes) => bytes.byteLength + ENTRY_OVERHEAD_BYTES,
  });
  /** Tiles asked of the worker and not answered yet, by cache key: one cut however many requests want it. */
  private readonly inFlight = new Map<string, Promise<Uint8Array | null>>();

  constructor(
    private readonly layer: string,
    private readonly startWorker: () => OverlayTileWorker = startOverlayTileWorker,
  ) {}

  /** The tile for this version of the footprints (`footprints` is only read when the worker does not have it yet). */
  async tile(version: number, footprints: () => Iterable<OverlayFootprint>, z: number, x: number, y: number): Promise<Uint8Array | null> {
    const key = `${version}/${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached === EMPTY_TILE ? null : cached;
    let cut = this.inFlight.get(key);
    if (!cut) {
      cut = this.cut(version, footprints, z, x, y).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, cut);
    }
    const bytes = await cut;
    if (this.sentVersion === version) this.cache.set(key, bytes ?? EMPTY_TILE);
    return bytes;
  }

  /** Stops the worker (a later tile starts another). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.sentVersion = -1;
    await worker?.terminate();
  }

  /** Asks the worker for a tile, handing it this version of the footprints first when it has another. */
  private cut(version: number, footprints: () => Iterable<OverlayFootprint>, z: number, x: number, y: number): Promise<Uint8Array | null> {
    const worker = this.started();
    if (this.sentVersion !== version) {
      this.cache.clear();
      worker.postMessage({ kind: 'set', version, layer: this.layer } satisfies OverlayTileRequest);
      for (const footprint of footprints()) worker.postMessage({ kind: 'add', ...footprint } satisfies OverlayTileRequest);
      this.sentVersion = version;
    }
    const id = this.nextId++;
    return new Promise<Uint8Array | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('the overlay tile worker did not answer'));
      }, TILE_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ kind: 'tile', id, z, x, y } satisfies OverlayTileRequest);
    });
  }

  private started(): OverlayTileWorker {
    if (this.worker) return this.worker;
    const worker = this.startWorker();
    // An idle overlay must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: OverlayTileReply) => {
      // The worker answers in the order it was asked: an earlier request still waiting lost its reply.
      for (const [id, waiting] of this.pending) {
        if (id >= reply.id) break;
        this.pending.delete(id);
        clearTimeout(waiting.timer);
        waiting.reject(new Error('the overlay tile worker lost its reply'));
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      if ('error' in reply) waiting.reject(new Error(`overlay tile not cut: ${reply.error}`));
      else waiting.resolve(reply.bytes);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) {
        this.worker = null;
        this.sentVersion = -1;
      }
      for (const [id, waiting] of this.pending) {
        clearTimeout(waiting.timer);
        waiting.reject(error);
        this.pending.delete(id);
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0) fail(new Error(`overlay tile worker stopped with exit code ${code}`));
    });
    this.worker = worker;
    return worker;
  }
}
