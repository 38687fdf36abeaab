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
      for (const feature of (JSON.parse(areasJson) as FeatureCollection).features) features.push({ ...feature, properties: { ...feature.properties, tower_id: towerId } });
    }
    current = { version: request.version, tiles: new VectorTileSet({ type: 'FeatureCollection', features }, request.layer) };
    return;
  }
  const bytes = current?.tiles.tile(request.z, request.x, request.y) ?? null;
  const reply: OverlayTileReply = { id: request.id, version: current?.version ?? -1, bytes };
  parentPort?.postMessage(reply, bytes ? [bytes.buffer as ArrayBuffer] : []);
});
