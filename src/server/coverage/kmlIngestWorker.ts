import { parentPort, workerData } from 'node:worker_threads';
import { KmlParseError, parsePackedCoverageKml, readKmlSource, type PackedCoverageKml } from '../../geo/kml/index.js';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import { collectGarbage } from '../system/collectGarbage.js';
import type { KmlIngestReply, KmlIngestRequest } from './kmlIngest.js';

// Runs in a worker thread: parsing a large KML takes seconds of CPU, which must not stall the
// server's event loop (public coverage checks keep being answered meanwhile).
//
// A 48 MB file goes through three forms, each about as large: its bytes, its text, and the parsed
// rings then their stored encoding. Each form is dropped, and collected at once (this thread's
// garbage only; the server's threads go on), before the next is made, so that the server's memory
// peaks at two of them rather than all.
const request = workerData as KmlIngestRequest;

function parse(): PackedCoverageKml {
  const text = readKmlSource(request.bytes, request.filename);
  // The file's bytes are text now: let go of them (up to 50 MB) before parsing.
  (request as { bytes: Uint8Array | null }).bytes = null;
  collectGarbage();
  // Packed rings all the way: GeoJSON objects would take four times the memory.
  return parsePackedCoverageKml(text);
}

let reply: KmlIngestReply;
try {
  const parsed = parse();
  // The text is parsed: let it go before the rings are encoded.
  collectGarbage();
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
