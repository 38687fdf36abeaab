import { Worker } from 'node:worker_threads';

export type OverlayTileRequest =
  | { kind: 'set'; version: number; layer: string; footprints: { towerId: number; areasJson: string }[] }
  | { kind: 'tile'; id: number; z: number; x: number; y: number };

export interface OverlayTileReply {
  id: number;
  version: number;
  bytes: Uint8Array | null;
}

/** Tiles kept here per version, most recently used last. */
const MAX_CACHED_TILES = 2000;
/** A tile is cut in milliseconds; a worker this slow is stuck. */
const TILE_TIMEOUT_MS = 30_000;

/**
 * The wireless overlay's vector tiles, cut in a worker thread (overlayTileWorker.ts) that holds the
 * tile index of every current footprint, so that building it never stalls coverage checks. The
 * caller hands over the footprints with a version whenever they change; tiles are answered for
 * that version and cached here.
 */
export class OverlayTiles {
  private worker: Worker | null = null;
  private sentVersion = -1;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (bytes: Uint8Array | null) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  private readonly cache = new Map<string, Uint8Array | null>();

  constructor(private readonly layer: string) {}

  /** The tile for this version of the footprints (`footprints` is only read when the worker does not have it yet). */
  async tile(version: number, footprints: () => { towerId: number; areasJson: string }[], z: number, x: number, y: number): Promise<Uint8Array | null> {
    const key = `${version}/${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const worker = this.started();
    if (this.sentVersion !== version) {
      this.cache.clear();
      worker.postMessage({ kind: 'set', version, layer: this.layer, footprints: footprints() } satisfies OverlayTileRequest);
      this.sentVersion = version;
    }
    const id = this.nextId++;
    const bytes = await new Promise<Uint8Array | null>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('the overlay tile worker did not answer'));
      }, TILE_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ kind: 'tile', id, z, x, y } satisfies OverlayTileRequest);
    });
    if (this.sentVersion === version) {
      this.cache.set(key, bytes);
      if (this.cache.size > MAX_CACHED_TILES) this.cache.delete(this.cache.keys().next().value as string);
    }
    return bytes;
  }

  /** Stops the worker (a later tile starts another). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.sentVersion = -1;
    await worker?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const fromSource = import.meta.url.endsWith('.ts');
    const workerUrl = new URL(`./overlayTileWorker.${fromSource ? 'ts' : 'js'}`, import.meta.url);
    const worker = fromSource
      ? new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(workerUrl.href)}); })`, { eval: true })
      : new Worker(workerUrl);
    // An idle overlay must not keep the process alive.
    worker.unref();
    worker.on('message', (reply: OverlayTileReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      clearTimeout(waiting.timer);
      waiting.resolve(reply.bytes);
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
