import { IndexedLayer, indexLayerGeometry, ownsItsBuffer, type IndexedLayerData } from './indexedLayer.js';
import { runWorker } from '../workerThreads.js';
import type { LayerGeometry } from './layerRepository.js';

/** A layer whose stored geometry is to be indexed. */
export interface LayerToIndex {
  layerId: number;
  geometry: LayerGeometry;
}

export interface LayerIndexRequest {
  layers: LayerToIndex[];
}

export type LayerIndexReply = { ok: true; layers: IndexedLayerData[] } | { ok: false; message: string };

/**
 * Layers adding up to at least this many bytes of stored geometry (16 bytes a vertex: 16,384
 * vertices) are indexed in a worker thread; smaller ones take a few milliseconds here, less than
 * starting a worker.
 */
export const INDEX_IN_WORKER_FROM_BYTES = 256 * 1024;
/** A million vertices index in about a second; anything this slow is broken. */
const INDEX_TIMEOUT_MS = 120_000;

/**
 * Indexes layers' stored geometry, off the request thread when it is large: the geometry moves to
 * a worker thread (not copied, when its bytes fill their own buffer), which builds each layer's
 * PolygonIndex and moves the index's typed arrays and the geometry back. Meanwhile this thread
 * keeps answering from the snapshot it has. A layer whose bytes are not a packed collection fails
 * the whole call. Takes ownership of the layers' geometry: use the answer's copies.
 */
export async function indexLayers(layers: readonly LayerToIndex[], options: { workerFromBytes?: number } = {}): Promise<IndexedLayer[]> {
  if (layers.length === 0) return [];
  const bytes = layers.reduce((sum, layer) => sum + layer.geometry.byteLength, 0);
  if (bytes < (options.workerFromBytes ?? INDEX_IN_WORKER_FROM_BYTES)) {
    return layers.map((layer) => new IndexedLayer(indexLayerGeometry(layer.layerId, layer.geometry)));
  }
  const request: LayerIndexRequest = {
    layers: layers.map(({ layerId, geometry }) => ({ layerId, geometry: ownsItsBuffer(geometry) ? geometry : new Uint8Array(geometry) })),
  };
  const built = await indexInWorker(request);
  return built.map((data) => new IndexedLayer(data));
}

/** Indexes in layerIndexWorker.ts; the geometry moves there and back. */
async function indexInWorker(request: LayerIndexRequest): Promise<IndexedLayerData[]> {
  const reply = await runWorker<LayerIndexReply>({
    beside: import.meta.url,
    module: 'layerIndexWorker',
    workerData: request,
    transferList: request.layers.map((layer) => layer.geometry.buffer as ArrayBuffer),
    timeoutMs: INDEX_TIMEOUT_MS,
    timeoutError: () => new Error(`Indexing coverage layers took over ${INDEX_TIMEOUT_MS / 1000} s`),
    label: 'Coverage index worker',
  });
  if (reply.ok) return reply.layers;
  throw new Error(`Indexing coverage layers failed: ${reply.message}`);
}
