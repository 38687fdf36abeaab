import { parentPort, workerData } from 'node:worker_threads';
import { TowerCorrection } from '../../geo/rf/calibration/calibrationLookup.js';
import { ClutterMap } from '../../geo/rf/clutterMap.js';
import { computeFootprint, type Footprint } from '../../geo/rf/footprint.js';
import { BAND_SIMPLIFY_CELLS, footprintBandAreas } from '../../geo/rf/footprintBands.js';
import { calibrateFootprints } from '../../geo/rf/footprintCalibration.js';
import { uniteFootprints } from '../../geo/rf/footprintUnion.js';
import type { FootprintAnswer, FootprintJob, FootprintProgress } from './footprintCompute.js';

// Runs in a worker thread: a footprint of half a million cells takes hundreds of milliseconds of
// CPU with free space + knife edge and seconds with ITM, a sector each, which must not hold the
// thread that answers coverage checks.
const job = workerData as FootprintJob;
const post = (message: FootprintAnswer | FootprintProgress, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(message, transfer);

try {
  const { antennas, clutterAreas, calibration, reliabilityMarginDb, ...common } = job;
  // The class of every cell, once for all the antennas (the line of sight reads the same areas at its samples).
  const clutterMap = clutterAreas && clutterAreas.length > 0 ? new ClutterMap(clutterAreas) : undefined;
  const clutter = clutterMap && { clutterCodes: clutterMap.raster(job.heights), clutterCodeAt: (lng: number, lat: number) => clutterMap.codeAt(lng, lat) };
  const correction = calibration && new TowerCorrection(calibration);
  // The sweeps are most of the work, shared evenly between the antennas; tracing the band areas the rest.
  const sweeps = antennas.length;
  const parts = antennas.map(({ sectorId, ...source }, index) =>
    computeFootprint({
      ...common,
      ...source,
      ...clutter,
      onProgress: (done) => post({ kind: 'progress', done: ((index + done) / sweeps) * 0.9 }),
    }),
  );
  if (correction) {
    // Each antenna's correction before the union chooses between them: the spatial part once a cell
    // for all of them, each antenna's offsets (its sector's, the cell's receiver class) over it.
    calibrateFootprints(
      parts,
      antennas.map(
        ({ sectorId }) =>
          (receiverClass) =>
            correction.offsetDb(sectorId, receiverClass),
      ),
      (lat, lng) => correction.spatialDb(lat, lng),
      clutter?.clutterCodes,
    );
  }
  // One antenna without a pattern is an omni tower: its footprint as it is.
  const footprint: Footprint = sweeps === 1 && !antennas[0]!.antenna ? parts[0]! : uniteFootprints(parts, job.heights);
  const areasJson = JSON.stringify({ type: 'FeatureCollection', features: footprintBandAreas(footprint, BAND_SIMPLIFY_CELLS, reliabilityMarginDb ?? 0) });
  const grids = [footprint.signalDeciDbm, footprint.fresnel60, footprint.lineOfSight, footprint.servingAntenna].filter((grid) => grid !== undefined);
  post(
    { kind: 'done', footprint, areasJson },
    grids.map((grid) => grid.buffer as ArrayBuffer),
  );
} catch (error) {
  post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
