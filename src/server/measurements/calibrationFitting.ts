import { performance } from 'node:perf_hooks';
import { clutterClassOf, clutterCodeOf } from '../../common/api/clutterAreas.js';
import type { CalibrationModel, FitOptions, FitSample, ReceiverClass } from '../../geo/rf/calibration/calibrationModel.js';
import { runWorker } from '../workerThreads.js';

/**
 * Samples as columns of typed arrays: what crosses to the calibration's worker thread. Their
 * buffers move (not copied, and no 50,000 objects cloned); row i is sample i.
 */
export interface PackedSamples {
  ids: Float64Array;
  towerIds: Float64Array;
  /** NO_SECTOR for a tower's omni antenna. */
  sectorIds: Float64Array;
  /** 0: open; else the clutter class's code (common/api/clutterAreas.ts clutterCodeOf). */
  classCodes: Uint8Array;
  lats: Float64Array;
  lngs: Float64Array;
  distancesM: Float64Array;
  predictedDbm: Float64Array;
  measuredDbm: Float64Array;
}

/** What the worker is handed. */
export interface CalibrationRequest {
  samples: PackedSamples;
  options: FitOptions;
}

/** The worker's answer: the fit, or why it could not be made (the fit's own message). */
export type CalibrationReply = { ok: true; model: CalibrationModel; crossValidatedDbm: Float64Array } | { ok: false; message: string };

export interface CalibrationFitResult {
  model: CalibrationModel;
  /** Sample i's calibrated prediction by the fit on the folds that do not hold it, dBm. */
  crossValidatedDbm: Float64Array;
  /** From the call to the answer, worker start included, ms. */
  fitMs: number;
}

/** The sector id column's mark for "no sector" (ids are positive). */
const NO_SECTOR = -1;
/** 50,000 measurements fit in about a second; anything this slow is stuck. */
const FIT_TIMEOUT_MS = 120_000;

export function packSamples(samples: readonly FitSample[]): PackedSamples {
  const n = samples.length;
  const packed: PackedSamples = {
    ids: new Float64Array(n),
    towerIds: new Float64Array(n),
    sectorIds: new Float64Array(n),
    classCodes: new Uint8Array(n),
    lats: new Float64Array(n),
    lngs: new Float64Array(n),
    distancesM: new Float64Array(n),
    predictedDbm: new Float64Array(n),
    measuredDbm: new Float64Array(n),
  };
  const { ids, towerIds, sectorIds, classCodes, lats, lngs, distancesM, predictedDbm, measuredDbm } = packed;
  for (let i = 0; i < n; i++) {
    const sample = samples[i]!;
    ids[i] = sample.id;
    towerIds[i] = sample.towerId;
    sectorIds[i] = sample.sectorId ?? NO_SECTOR;
    classCodes[i] = sample.receiverClass === 'open' ? 0 : clutterCodeOf(sample.receiverClass);
    lats[i] = sample.lat;
    lngs[i] = sample.lng;
    distancesM[i] = sample.distanceM;
    predictedDbm[i] = sample.predictedDbm;
    measuredDbm[i] = sample.measuredDbm;
  }
  return packed;
}

export function unpackSamples(packed: PackedSamples): FitSample[] {
  return Array.from(packed.ids, (id, i) => {
    const sectorId = packed.sectorIds[i]!;
    const receiverClass: ReceiverClass = clutterClassOf(packed.classCodes[i]!) ?? 'open';
    return {
      id,
      towerId: packed.towerIds[i]!,
      sectorId: sectorId === NO_SECTOR ? null : sectorId,
      receiverClass,
      lat: packed.lats[i]!,
      lng: packed.lngs[i]!,
      distanceM: packed.distancesM[i]!,
      predictedDbm: packed.predictedDbm[i]!,
      measuredDbm: packed.measuredDbm[i]!,
    };
  });
}

/**
 * Fits a calibration (geo/rf/calibration/fitCalibration.ts) in a worker thread
 * (calibrationWorker.ts): the fit and its cross-validation take a CPU-second or so at 50,000
 * measurements, which must not stall the thread that answers checks. Fails with the fit's
 * message (e.g. too few measurements), when the signal aborts, or after FIT_TIMEOUT_MS.
 */
export async function fitInWorker(samples: readonly FitSample[], options: FitOptions, signal?: AbortSignal): Promise<CalibrationFitResult> {
  const started = performance.now();
  const packed = packSamples(samples);
  const request: CalibrationRequest = { samples: packed, options };
  const reply = await runWorker<CalibrationReply>({
    beside: import.meta.url,
    module: 'calibrationWorker',
    workerData: request,
    transferList: Object.values(packed).map((column: Float64Array | Uint8Array) => column.buffer as ArrayBuffer),
    timeoutMs: FIT_TIMEOUT_MS,
    timeoutError: () => new Error(`The calibration fit took over ${FIT_TIMEOUT_MS / 1000} s and was stopped`),
    label: 'calibration worker',
    signal,
  });
  if (!reply.ok) throw new Error(reply.message);
  return { model: reply.model, crossValidatedDbm: reply.crossValidatedDbm, fitMs: Math.round(performance.now() - started) };
}
