import { parentPort, workerData } from 'node:worker_threads';
import { indexLayerGeometry, transferListOfLayers, type IndexedLayerData } from './indexedLayer.js';
import type { LayerIndexReply, LayerIndexRequest } from './layerIndexing.js';

// Runs in a worker thread: indexing a large layer takes up to seconds of CPU, which must not stall
// the server's event loop (public coverage checks keep being answered from the current snapshot).
const request = workerData as LayerIndexRequest;
let reply: LayerIndexReply;
try {
  const layers: IndexedLayerData[] = [];
  for (const layer of request.layers) layers.push(indexLayerGeometry(layer.layerId, layer.geometry));
  reply = { ok: true, layers };
} catch (error) {
  reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
// The geometry and the index's arrays move back; nothing is copied.
parentPort?.postMessage(reply, reply.ok ? transferListOfLayers(reply.layers) : []);
