import { parentPort, workerData } from 'node:worker_threads';
import { fitCalibration } from '../../geo/rf/calibration/fitCalibration.js';
import { unpackSamples, type CalibrationReply, type CalibrationRequest } from './calibrationFitting.js';

// Runs in a worker thread: a calibration's fit and its k refits for the cross-validation take
// CPU-seconds at the largest sizes, which must not stall the server's event loop.
const request = workerData as CalibrationRequest;

let reply: CalibrationReply;
try {
  reply = { ok: true, ...fitCalibration(unpackSamples(request.samples), request.options) };
} catch (error) {
  reply = { ok: false, message: error instanceof Error ? error.message : String(error) };
}
// The predictions move to the server's thread rather than being copied.
parentPort?.postMessage(reply, reply.ok ? [reply.crossValidatedDbm.buffer as ArrayBuffer] : []);
