import { parentPort } from 'node:worker_threads';
import type { Feature, FeatureCollection } from 'geojson';
import { VectorTileSet } from '../coverage/vectorTiles.js';
import type { OverlayTileReply, OverlayTileRequest } from './overlayTiles.js';

// Runs in a worker thread: parsing 50 footprints' band areas and indexing them for tiling takes
// hundreds of milliseconds, which must not hold the thread that answers coverage checks. Holds the
// tile index of the latest set of footprints and cuts tiles from it on request.
let current: { version: number; tiles: VectorTileSet } | null = null;

parentPort?.on('message', (request: OverlayTileRequest) => {
  if (request.kind === 'set') {
    const features: Feature[] = [];
    for (const { towerId, areasJson } of request.footprints) {
      for (const feature of (JSON.parse(areasJson) as FeatureCollection).features)
        features.push({ ...feature, properties: { ...feature.properties, tower_id: towerId } });
    }
    current = { version: request.version, tiles: new VectorTileSet({ type: 'FeatureCollection', features }, request.layer) };
    return;
  }
  parentPort?.postMessage(tileReply(request));
});

/**
 * A tile's reply, copied to the main thread rather than transferred: the tile set keeps the bytes
 * in its cache, and a buffer already transferred once is detached, which makes Node drop the
 * message without a word.
 */
function tileReply(request: Extract<OverlayTileRequest, { kind: 'tile' }>): OverlayTileReply {
  try {
    return { id: request.id, version: current?.version ?? -1, bytes: current?.tiles.tile(request.z, request.x, request.y) ?? null };
  } catch (error) {
    return { id: request.id, version: current?.version ?? -1, error: error instanceof Error ? error.message : String(error) };
  }
}
