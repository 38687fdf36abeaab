import type { RadioSettings } from '../../common/api/radioSettings.js';
import type { CalibrationSnapshot } from './calibrationSnapshot.js';

/**
 * The calibration while nothing is fitted: no corrections, and σ the radio settings' prediction
 * spread (prediction_spread_db, dB). What the wireless answers read until the calibration service
 * (CalibrationService.current) answers with a fit and measured spreads.
 */
export function uncalibratedSnapshot(settings: Pick<RadioSettings, 'prediction_spread_db'>): CalibrationSnapshot {
  return { lookup: null, model: null, modelHash: null, sigmaDb: settings.prediction_spread_db, sigmaSource: 'setting' };
}
