import { parentPort, workerData } from 'node:worker_threads';
import { KmlParseError, parseCoverageKml, readKmlSource } from '../../geo/kml/index.js';
import type { KmlIngestReply, KmlIngestRequest } from './kmlIngest.js';

// Runs in a worker thread: parsing a large KML takes seconds of CPU, which must not stall the
// server's event loop (public coverage checks keep being answered meanwhile).
const { bytes, filename } = workerData as KmlIngestRequest;
let reply: KmlIngestReply;
try {
  const parsed = parseCoverageKml(readKmlSource(bytes, filename));
  reply = {
    ok: true,
    geojson: JSON.stringify({ type: 'FeatureCollection', features: parsed.features }),
    featureCount: parsed.features.length,
    colors: parsed.colors,
  };
} catch (error) {
  reply = { ok: false, parseError: error instanceof KmlParseError, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(reply);
