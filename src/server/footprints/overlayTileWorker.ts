import { parentPort } from 'node:worker_threads';
import type { Feature, FeatureCollection } from 'geojson';
import { VectorTileSet } from '../coverage/vectorTiles.js';
import type { OverlayTileReply, OverlayTileRequest } from './overlayTiles.js';

// Runs in a worker thread: parsing the footprints' band areas and indexing them for tiling takes
// hundreds of milliseconds, which must not hold the thread that answers coverage checks. Holds the
// tile index of the latest set of footprints and cuts tiles from it on request.
let current: { version: number; tiles: VectorTileSet } | null = null;
/**
 * The set being handed over: each footprint's features, parsed as its message arrives so that its
 * text can go at once; indexed by the first tile asked for after them.
 */
let adding: { version: number; layer: string; features: Feature[] } | null = null;

parentPort?.on('message', (request: OverlayTileRequest) => {
  if (request.kind === 'set') {
    // The previous index goes now, not when the new one is built: never two at once.
    current = null;
    adding = { version: request.version, layer: request.layer, features: [] };
  } else if (request.kind === 'add') {
    for (const feature of (JSON.parse(request.areasJson) as FeatureCollection).features)
      adding?.features.push({ ...feature, properties: { ...feature.properties, tower_id: request.towerId } });
  } else {
    if (adding) {
      current = { version: adding.version, tiles: new VectorTileSet({ type: 'FeatureCollection', features: adding.features }, adding.layer) };
      adding = null;
    }
    parentPort?.postMessage(tileReply(request));
  }
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
