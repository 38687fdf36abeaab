import type { ClutterAreaPolygons } from '../../geo/rf/clutterMap.js';
import type { TowerCalibration } from '../../geo/rf/calibration/calibrationModel.js';
import type { Footprint, FootprintAntenna, FootprintInput, FootprintTower } from '../../geo/rf/footprint.js';
import { runWorker } from '../workerThreads.js';

/** One antenna of a tower as the sweep takes it: the sector's radio, and its pattern and mount (absent: the omni antenna). */
export interface FootprintSource {
  tower: FootprintTower;
  antenna?: FootprintAntenna;
  /** The sector's id, for its calibration offset; null for the omni antenna of a tower without sectors. */
  sectorId: number | null;
}

/**
 * What the worker computes: every antenna of one tower over the same heights (moved to the worker
 * once), united cell by cell (geo/rf/footprintUnion.ts). Plain data (structured clone). One
 * antenna without `antenna` is the omni tower's footprint as it is; no antennas, an empty one.
 */
export type FootprintJob = Omit<FootprintInput, 'onProgress' | 'tower' | 'antenna' | 'clutterCodes'> & {
  antennas: FootprintSource[];
  /**
   * The clutter areas that touch the grid, oldest first: the worker turns them into the grid's
   * class raster once (ClutterMap.raster) and every antenna's sweep reads it. Absent or empty: none.
   */
  clutterAreas?: ClutterAreaPolygons[];
  /**
   * The tower's calibration terms (geo/rf/calibration): each antenna's sweep gets its correction
   * cell by cell (its sector's offset, the cell's receiver class, the residuals near it) before
   * the union. Absent: calibration off.
   */
  calibration?: TowerCalibration;
  /** What the band areas take off each cell's signal, dB (the reliability margin); absent: 0, the median. */
  reliabilityMarginDb?: number;
};

/** The worker's messages: the share of the work done, then one answer. */
export type FootprintProgress = { kind: 'progress'; done: number };
export type FootprintAnswer = { kind: 'done'; footprint: Footprint; areasJson: string } | { kind: 'failed'; message: string };

/** A sector's footprint is at most seconds of work (ITM on 1-arc-second terrain); anything this slow is broken. */
const TIMEOUT_MS_PER_ANTENNA = 120_000;

/**
 * Computes a tower's footprint and its band areas in a worker thread (footprintWorker.ts; the
 * heights move there, not copied), reporting the share of the work done over all its antennas.
 * `signal` stops the worker and rejects with its reason.
 */
export async function computeFootprintInWorker(
  job: FootprintJob,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<{ footprint: Footprint; areasJson: string }> {
  const timeoutMs = TIMEOUT_MS_PER_ANTENNA * Math.max(1, job.antennas.length);
  const answer = await runWorker<FootprintAnswer, FootprintProgress>({
    beside: import.meta.url,
    module: 'footprintWorker',
    workerData: job,
    transferList: [job.heights.heightsM.buffer as ArrayBuffer],
    timeoutMs,
    timeoutError: () => new Error(`computing the footprint took over ${timeoutMs / 1000} s`),
    label: 'footprint worker',
    signal,
    interim: { is: (message) => message.kind === 'progress', handle: (progress) => onProgress(progress.done) },
  });
  if (answer.kind === 'failed') throw new Error(answer.message);
  return { footprint: answer.footprint, areasJson: answer.areasJson };
}
