import { formatDb } from '../../ui/dbText.js';
import { formatCount } from '../../ui/reportFormat.js';
import type { ErrorFigures, Measurement, MeasurementImportResult, MeasurementReport, MeasurementSource } from '../../../common/api/measurements.js';

export const SOURCE_LABELS: Record<MeasurementSource, string> = { install: 'Install', survey: 'Site survey', drive_test: 'Drive test' };

/** A residual with its sign always written (+3.0 dB, −4.5 dB; without the unit in a dB column): which way the model erred matters. */
export function formatResidual(value: number | null, unit: 'dB' | null = 'dB'): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 10) / 10;
  const text = rounded > 0 ? `+${rounded.toFixed(1)}` : formatDb(rounded);
  return unit ? `${text} ${unit}` : text;
}

/** The table's signal cell (a dBm column): the figure, or what an install without one means. */
export function measuredText(measurement: Pick<Measurement, 'rssi_dbm' | 'source'>): string {
  if (measurement.rssi_dbm !== null) return formatDb(measurement.rssi_dbm);
  return measurement.source === 'install' ? 'No signal' : '—';
}

/** The table's predicted cell (a dBm column): the figure, or why there is none yet. */
export function predictedText(measurement: Pick<Measurement, 'predicted' | 'predicted_dbm'>): string {
  if (!measurement.predicted) return 'Predicting…';
  return measurement.predicted_dbm === null ? 'Out of range' : formatDb(measurement.predicted_dbm);
}

/** Where the spread of the public likelihood comes from, in the admin's words. */
export const SIGMA_SOURCE_TEXT: Record<MeasurementReport['sigma_source'], string> = {
  calibrated: 'the calibrated model’s cross-validated RMSE',
  uncalibrated: 'the uncalibrated model’s RMSE on your measurements',
  setting: 'the prediction spread in the radio settings (too few measurements yet)',
};

/** Bias in words: which way `model` ("The uncalibrated model") errs on average. */
export function biasText(model: string, figures: ErrorFigures): string | null {
  const mean = figures.mean_error_db;
  if (mean === null) return null;
  if (Math.abs(mean) < 1) return `${model} is within 1 dB of the measurements on average.`;
  return mean < 0
    ? `${model} promises ${formatDb(-mean, 'dB')} more signal than was measured, on average.`
    : `${model} predicts ${formatDb(mean, 'dB')} less signal than was measured, on average.`;
}

/** An import's outcome in one line: how many stored, how many refused. */
export function importSummary(result: Pick<MeasurementImportResult, 'imported_count' | 'error_count'>): string {
  const stored = `${formatCount(result.imported_count)} ${result.imported_count === 1 ? 'measurement' : 'measurements'} imported`;
  if (result.error_count === 0) return `${stored}.`;
  return `${stored}; ${formatCount(result.error_count)} ${result.error_count === 1 ? 'row was' : 'rows were'} left out.`;
}
