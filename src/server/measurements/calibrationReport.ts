import { CLUTTER_CLASS_LABELS, CLUTTER_CLASSES } from '../../common/api/clutterAreas.js';
import type { ErrorGroup, MeasurementReport, MeasurementSource } from '../../common/api/measurements.js';
import { CalibrationLookup } from '../../geo/rf/calibration/calibrationLookup.js';
import type { CalibrationModel, CorrectionPoint, FitSample, ReceiverClass } from '../../geo/rf/calibration/calibrationModel.js';
import { distanceBandOf, DISTANCE_BANDS, errorFiguresOf, roundDb } from '../../geo/rf/calibration/errorFigures.js';
import type { SigmaSource } from './calibrationSnapshot.js';

/** A measurement with a signal and a prediction: what the figures are computed on (and what the fit took). */
export interface ReportSample extends FitSample {
  source: MeasurementSource;
  /** The uncalibrated prediction's path was clear. */
  lineOfSight: boolean;
  /** The least usable signal of the measurement's CPE profile, dBm. */
  leastUsableDbm: number;
}

/** An install that failed for want of signal, where the model predicted it (it has no measured signal to fit). */
export interface FailedInstallSample extends CorrectionPoint {
  /** The uncalibrated model's signal there, dBm. */
  predictedDbm: number;
  lineOfSight: boolean;
  leastUsableDbm: number;
}

export interface MeasurementReportInput {
  /** Every measurement stored; those awaiting a prediction; those beyond their tower's radius. */
  counts: { total: number; pending: number; outOfRange: number; failedInstalls: number };
  samples: readonly ReportSample[];
  /** The failed installs that have a prediction (the serviceable figure counts them). */
  failedInstalls: readonly FailedInstallSample[];
  /** The fit on `samples` (crossValidatedDbm[i] is sample i's), or null without one. */
  fit: { model: CalibrationModel; crossValidatedDbm: Float64Array; fittedAt: string; fitMs: number } | null;
  /** k of the k-fold cross-validation. */
  folds: number;
  /** Names for the labels; a tower or sector missing here is named by its id. */
  towerNames: ReadonlyMap<number, string>;
  sectorNames: ReadonlyMap<number, string>;
  /** The spread the service probability uses now, and where it comes from (CalibrationService decides). */
  sigma: { sigmaDb: number; source: SigmaSource };
}

/** Most points of the report's scatter plot. */
export const SCATTER_POINTS = 2000;

const OPEN_LABEL = 'Open ground';

/**
 * The error report of GET /api/measurements/report (common/api/measurements.ts measurementReport):
 * the uncalibrated figures from the stored predictions, the calibrated ones from the
 * cross-validated predictions only (a fit's in-sample error is never shown), per sector, distance
 * band and receiver class, an even sample of the scatter, and the business figure.
 */
export function buildMeasurementReport(input: MeasurementReportInput): MeasurementReport {
  const { samples, fit } = input;
  if (fit !== null && fit.crossValidatedDbm.length !== samples.length) {
    throw new RangeError(`The fit holds ${fit.crossValidatedDbm.length} cross-validated predictions for ${samples.length} samples`);
  }
  const residuals = samples.map((sample) => sample.measuredDbm - sample.predictedDbm);
  const calibratedResiduals = fit === null ? null : samples.map((sample, i) => sample.measuredDbm - fit.crossValidatedDbm[i]!);
  const groupsBy = (keyOf: (sample: ReportSample) => string, labelOf: (key: string, sample: ReportSample) => string, order: readonly string[] | null) =>
    errorGroups(samples, residuals, calibratedResiduals, keyOf, labelOf, order);

  return {
    total: input.counts.total,
    count: samples.length,
    pending: input.counts.pending,
    out_of_range: input.counts.outOfRange,
    failed_installs: input.counts.failedInstalls,
    uncalibrated: errorFiguresOf(residuals),
    calibrated: calibratedResiduals === null ? null : errorFiguresOf(calibratedResiduals),
    validation: { method: 'k_fold', folds: input.folds },
    by_sector: groupsBy(
      (sample) => sectorKey(sample.towerId, sample.sectorId),
      (_key, sample) => sectorLabel(input, sample.towerId, sample.sectorId),
      null,
    ),
    by_distance_band: groupsBy(
      (sample) => distanceBandOf(sample.distanceM / 1000).key,
      (key) => DISTANCE_BANDS.find((band) => band.key === key)!.label,
      DISTANCE_BANDS.map((band) => band.key),
    ),
    by_clutter_class: groupsBy(
      (sample) => sample.receiverClass,
      (key) => receiverClassLabel(key as ReceiverClass),
      ['open', ...CLUTTER_CLASSES],
    ),
    scatter: evenSample(samples.length, SCATTER_POINTS).map((i) => ({
      predicted_dbm: roundDb(samples[i]!.predictedDbm),
      measured_dbm: roundDb(samples[i]!.measuredDbm),
      calibrated_dbm: fit === null ? null : roundDb(fit.crossValidatedDbm[i]!),
    })),
    serviceable: serviceableOf(input),
    model:
      fit === null
        ? null
        : {
            global_offset_db: fit.model.globalOffsetDb,
            sector_offsets: fit.model.sectorOffsets.map((sector) => ({
              tower_id: sector.towerId,
              sector_id: sector.sectorId,
              label: sectorLabel(input, sector.towerId, sector.sectorId),
              offset_db: sector.offsetDb,
              count: sector.count,
            })),
            clutter_offsets_db: { ...fit.model.classOffsetsDb },
            spatial_range_m: fit.model.rangeM,
            sigma_db: fit.model.sigmaDb,
          },
    sigma_db: roundDb(input.sigma.sigmaDb),
    sigma_source: input.sigma.source,
    fitted_at: fit?.fittedAt ?? null,
    fit_ms: fit?.fitMs ?? null,
  };
}

/** A by_sector group's key: "<tower id>:<sector id>", or "<tower id>:omni". */
export function sectorKey(towerId: number, sectorId: number | null): string {
  return `${towerId}:${sectorId ?? 'omni'}`;
}

function sectorLabel(input: MeasurementReportInput, towerId: number, sectorId: number | null): string {
  const tower = input.towerNames.get(towerId) ?? `Tower ${towerId}`;
  if (sectorId === null) return `${tower} — omni`;
  return `${tower} — ${input.sectorNames.get(sectorId) ?? `Sector ${sectorId}`}`;
}

function receiverClassLabel(receiverClass: ReceiverClass): string {
  return receiverClass === 'open' ? OPEN_LABEL : CLUTTER_CLASS_LABELS[receiverClass];
}

/**
 * The samples grouped by key, with their figures; groups without samples are left out. In
 * `order`'s order when given, else by label.
 */
function errorGroups(
  samples: readonly ReportSample[],
  residuals: readonly number[],
  calibratedResiduals: readonly number[] | null,
  keyOf: (sample: ReportSample) => string,
  labelOf: (key: string, sample: ReportSample) => string,
  order: readonly string[] | null,
): ErrorGroup[] {
  const members = new Map<string, number[]>();
  samples.forEach((sample, i) => {
    const key = keyOf(sample);
    const list = members.get(key);
    if (list === undefined) members.set(key, [i]);
    else list.push(i);
  });
  const groups = [...members].map(([key, indices]) => ({
    key,
    label: labelOf(key, samples[indices[0]!]!),
    count: indices.length,
    uncalibrated: errorFiguresOf(indices.map((i) => residuals[i]!)),
    calibrated: calibratedResiduals === null ? null : errorFiguresOf(indices.map((i) => calibratedResiduals[i]!)),
  }));
  if (order === null) return groups.sort((a, b) => a.label.localeCompare(b.label, 'en'));
  return groups.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

/** Up to `most` indices of 0 .. count − 1, evenly spread (all of them when there are no more). */
function evenSample(count: number, most: number): number[] {
  if (count <= most) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: most }, (_, k) => Math.floor((k * count) / most));
}

/**
 * The business figure: of the installs the model called serviceable (line of sight, and a
 * signal at or above the CPE profile's least usable), how many got a signal at or above it; a
 * failed install got none. Calibrated: the same with each install's cross-validated prediction,
 * and for a failed install (never in the fit) the fitted model's.
 */
function serviceableOf(input: MeasurementReportInput): MeasurementReport['serviceable'] {
  const installs = input.samples.map((sample, i) => ({ sample, i })).filter(({ sample }) => sample.source === 'install');
  const uncalibrated = tally([
    ...installs.map(({ sample }) => ({ called: calledServiceable(sample, sample.predictedDbm), worked: sample.measuredDbm >= sample.leastUsableDbm })),
    ...input.failedInstalls.map((failed) => ({ called: calledServiceable(failed, failed.predictedDbm), worked: false })),
  ]);
  const { fit } = input;
  if (fit === null) return { uncalibrated, calibrated: null };
  const lookup = new CalibrationLookup(fit.model);
  const calibrated = tally([
    ...installs.map(({ sample, i }) => ({
      called: calledServiceable(sample, fit.crossValidatedDbm[i]!),
      worked: sample.measuredDbm >= sample.leastUsableDbm,
    })),
    ...input.failedInstalls.map((failed) => ({ called: calledServiceable(failed, failed.predictedDbm + lookup.correctionDb(failed)), worked: false })),
  ]);
  return { uncalibrated, calibrated };
}

function calledServiceable(install: { lineOfSight: boolean; leastUsableDbm: number }, predictedDbm: number): boolean {
  return install.lineOfSight && predictedDbm >= install.leastUsableDbm;
}

function tally(installs: readonly { called: boolean; worked: boolean }[]): { predicted_serviceable: number; successful: number; success_pct: number | null } {
  const called = installs.filter((install) => install.called);
  const successful = called.filter((install) => install.worked).length;
  return {
    predicted_serviceable: called.length,
    successful,
    success_pct: called.length === 0 ? null : Math.round((successful / called.length) * 1000) / 10,
  };
}
