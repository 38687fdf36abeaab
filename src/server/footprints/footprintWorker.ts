import { parentPort, workerData } from 'node:worker_threads';
import { computeFootprint } from '../../geo/rf/footprint.js';
import { footprintBandAreas } from '../../geo/rf/footprintBands.js';
import type { FootprintAnswer, FootprintJob, FootprintProgress } from './footprintCompute.js';

// Runs in a worker thread: a footprint of half a million cells takes hundreds of milliseconds of
// CPU with free space + knife edge and seconds with ITM, which must not hold the thread that
// answers coverage checks.
const job = workerData as FootprintJob;
const post = (message: FootprintAnswer | FootprintProgress, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);

try {
  // The sweep is most of the work; tracing the band areas the rest.
  const footprint = computeFootprint({ ...job, onProgress: (done) => post({ kind: 'progress', done: done * 0.9 }) });
  const areasJson = JSON.stringify({ type: 'FeatureCollection', features: footprintBandAreas(footprint) });
  const grids = [footprint.signalDeciDbm, footprint.fresnel60, ...(footprint.lineOfSight ? [footprint.lineOfSight] : [])];
  post(
    { kind: 'done', footprint, areasJson },
    grids.map((grid) => grid.buffer as ArrayBuffer),
  );
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
