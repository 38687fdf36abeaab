import { parentPort, workerData } from 'node:worker_threads';
import { colorUses } from '../../common/kmlColors.js';
import { KmlParseError, kmlTextChunks, parsePackedCoverageKml } from '../../geo/kml/index.js';
import { encodePackedCollection } from '../../geo/packedCollection.js';
import type { KmlIngestReply, KmlIngestRequest } from './kmlIngest.js';

// Runs in a worker thread: parsing a large KML takes seconds of CPU, which must not stall the
// server's event loop (public coverage checks keep being answered meanwhile).
//
// A 48 MB file is read from disk (or from the bytes handed over) a megabyte at a time and decoded
// and parsed as it is read, so neither its bytes nor its text is ever whole in memory: what grows
// is the parsed rings, about 32 MB for that file, then their encoding for storage (as large, moved
// to the server's thread); the worker's memory goes when it exits after replying.
const request = workerData as KmlIngestRequest;

let reply: KmlIngestReply;
try {
  // Packed rings all the way: GeoJSON objects would take four times the memory.
  const parsed = parsePackedCoverageKml(kmlTextChunks(request.source, request.filename));
  reply = {
    ok: true,
    geometry: encodePackedCollection(parsed.placemarks.map(({ polygons, name, color }) => ({ polygons, properties: { name, color } }))),
    featureCount: parsed.placemarks.length,
    // The colours the upload dialog offers for statuses: those polygons are drawn with.
    colors: colorUses(parsed.placemarks).map((use) => use.color),
  };
} catch (error) {
  reply = { ok: false, parseError: error instanceof KmlParseError, message: error instanceof Error ? error.message : String(error) };
}
parentPort?.postMessage(reply, reply.ok ? [reply.geometry.buffer as ArrayBuffer] : []);
