import { parentPort, workerData } from 'node:worker_threads';
import { KmlParseError, parsePackedCoverageKml, readKmlSource } from '../../geo/kml/index.js';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import type { KmlIngestReply, KmlIngestRequest } from './kmlIngest.js';

// Runs in a worker thread: parsing a large KML takes seconds of CPU, which must not stall the
// server's event loop (public coverage checks keep being answered meanwhile).
const request = workerData as KmlIngestRequest;
let reply: KmlIngestReply;
try {
  const text = readKmlSource(request.bytes, request.filename);
  // The file's bytes are text now; letting go of them frees up to 50 MB while parsing.
  (request as { bytes: Uint8Array | null }).bytes = null;
  // Packed rings all the way: GeoJSON objects would take four times the memory.
  const parsed = parsePackedCoverageKml(text);
  reply = {
    ok: true,
    geometry: encodePackedCollection(parsed.placemarks.map(({ polygons, name, color }) => ({ polygons, properties: { name, color } }))),
    featureCount: parsed.placemarks.length,
    colors: parsed.colors,
  };
} catch (error) {
  reply = { ok: false, parseError: error instanceof KmlParseError, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(reply, reply.ok ? [reply.geometry.buffer as ArrayBuffer] : []);
