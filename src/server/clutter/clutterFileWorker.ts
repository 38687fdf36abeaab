import { parentPort, workerData } from 'node:worker_threads';
import { ClutterFileError, readClutterFile } from '../../geo/clutterFile.js';
import type { ClutterFileReply, ClutterFileRequest } from './clutterFileReading.js';

// Runs in a worker thread: parsing a large KML, KMZ or GeoJSON takes seconds of CPU, which must
// not stall the server's event loop (coverage checks keep being answered meanwhile).
const request = workerData as ClutterFileRequest;

let reply: ClutterFileReply;
try {
  reply = { ok: true, polygons: readClutterFile(request.bytes, request.fileName, request.limits).polygons };
} catch (error) {
  reply = { ok: false, fileError: error instanceof ClutterFileError, message: error instanceof Error ? error.message : String(error) };
}
// The rings move to the server's thread rather than being copied.
parentPort?.postMessage(reply, reply.ok ? reply.polygons.flatMap((polygon) => polygon.map((ring) => ring.buffer as ArrayBuffer)) : []);
