import type { CalibrationModel, CorrectionPoint, TowerCalibration } from '../../geo/rf/calibration/calibrationModel.js';

/** Where the service probability's σ comes from (common/api/measurements.ts sigma_source). */
export type SigmaSource = 'calibrated' | 'uncalibrated' | 'setting';

/** What a wireless answer reads of the calibration, once per coverage revision (CalibrationService.current). */
export interface CalibrationSnapshot {
  /** The corrections; null when calibration is off or nothing is fitted. */
  lookup: {
    correctionDb(point: CorrectionPoint): number;
    tower(towerId: number): TowerCalibration;
    towerHash(towerId: number): string;
  } | null;
  model: CalibrationModel | null;
  /** Hash of the stored model; null without one. */
  modelHash: string | null;
  /** σ of the service probability, dB. */
  sigmaDb: number;
  sigmaSource: SigmaSource;
}
