/**
 * The calibration of the predictions to measured signals (issue 21, docs/radio-model.md,
 * Calibration). Every figure is a signal correction in dB: added to the model's received signal
 * (positive: the measurements were stronger than predicted). A path's loss gains its negative.
 * Pure data (JSON as stored in calibration_fits.model_json). Coordinates in degrees.
 */
import type { ClutterClass } from '../../../common/api/clutterAreas.js';

/** The receiver's surroundings: a clutter class, or open where no clutter area lies. */
export type ReceiverClass = ClutterClass | 'open';

/** One measurement as the fit takes it: where, from which tower and sector, predicted and measured. */
export interface FitSample {
  id: number;
  towerId: number;
  /** The serving sector the prediction is from; null for a tower without sectors. */
  sectorId: number | null;
  receiverClass: ReceiverClass;
  lat: number;
  lng: number;
  /** From the tower, metres. */
  distanceM: number;
  /** The uncalibrated model's received signal, dBm. */
  predictedDbm: number;
  measuredDbm: number;
}

export interface FitOptions {
  /** How far a measurement's residual reaches (the spatial correction falls to zero there), metres. */
  rangeM: number;
  /** k of the k-fold cross-validation. */
  folds: number;
}

export interface SectorOffset {
  towerId: number;
  /** null: the tower's omni antenna. */
  sectorId: number | null;
  /** Relative to the global offset, shrunk toward 0 by the sector's count, dB. */
  offsetDb: number;
  count: number;
}

/** One tower's residuals left after the offsets, where they were measured: the spatial correction interpolates them. */
export interface SpatialResiduals {
  towerId: number;
  lats: number[];
  lngs: number[];
  residualsDb: number[];
}

export interface CalibrationModel {
  version: 1;
  /** Every prediction's offset, dB. */
  globalOffsetDb: number;
  sectorOffsets: SectorOffset[];
  /** Per receiver class, relative to the global offset, shrunk, dB (0 for a class without measurements). */
  classOffsetsDb: Record<ReceiverClass, number>;
  rangeM: number;
  spatial: SpatialResiduals[];
  /** The calibrated model's cross-validated RMSE, dB: the σ of the service probability. */
  sigmaDb: number;
  /** The uncalibrated model's RMSE on the same samples, dB. */
  uncalibratedRmseDb: number;
  count: number;
}

/** Where a correction is asked for. */
export interface CorrectionPoint {
  towerId: number;
  sectorId: number | null;
  receiverClass: ReceiverClass;
  lat: number;
  lng: number;
}

/**
 * One tower's part of a model, plain data: what a footprint's worker is handed (structured clone)
 * and what footprints key their inputs on, so a fit that changes another tower's terms only
 * leaves this tower's footprint as it is.
 */
export interface TowerCalibration {
  towerId: number;
  globalOffsetDb: number;
  /** By String(sectorId), or 'omni' for the tower's omni antenna; a sector without measurements is absent (0). */
  sectorOffsetsDb: Record<string, number>;
  classOffsetsDb: Record<ReceiverClass, number>;
  rangeM: number;
  /** This tower's residuals after the offsets; null: none (no spatial correction). */
  spatial: SpatialResiduals | null;
}
