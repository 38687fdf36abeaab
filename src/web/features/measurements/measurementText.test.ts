import { describe, expect, it } from 'vitest';
import { biasText, formatResidual, importSummary, measuredText, predictedText } from './measurementText.js';

describe('measurement figures in words', () => {
  it('writes a residual with its sign, since which way the model erred matters', () => {
    expect(formatResidual(3)).toBe('+3.0 dB');
    expect(formatResidual(-4.46)).toBe('−4.5 dB');
    expect(formatResidual(0.04)).toBe('0.0 dB');
    expect(formatResidual(null)).toBe('—');
    expect(formatResidual(-2, null)).toBe('−2.0');
  });

  it('calls an install without a signal a failed one', () => {
    expect(measuredText({ rssi_dbm: -61.26, source: 'install' })).toBe('−61.3');
    expect(measuredText({ rssi_dbm: null, source: 'install' })).toBe('No signal');
    expect(measuredText({ rssi_dbm: null, source: 'survey' })).toBe('—');
  });

  it('tells a prediction still to come from one out of range', () => {
    expect(predictedText({ predicted: false, predicted_dbm: null })).toBe('Predicting…');
    expect(predictedText({ predicted: true, predicted_dbm: null })).toBe('Out of range');
    expect(predictedText({ predicted: true, predicted_dbm: -70 })).toBe('−70.0');
  });

  it('says which way the model errs on average', () => {
    const figures = (mean_error_db: number | null) => ({ count: 10, mean_error_db, std_db: 5, rmse_db: 6 });
    expect(biasText('The uncalibrated model', figures(-6.2))).toBe('The uncalibrated model promises 6.2 dB more signal than was measured, on average.');
    expect(biasText('The model', figures(2))).toBe('The model predicts 2.0 dB less signal than was measured, on average.');
    expect(biasText('The calibrated model', figures(0.4))).toBe('The calibrated model is within 1 dB of the measurements on average.');
    expect(biasText('The model', figures(null))).toBeNull();
  });

  it('sums an import up: how many stored, how many rows left out', () => {
    expect(importSummary({ imported_count: 1, error_count: 0 })).toBe('1 measurement imported.');
    expect(importSummary({ imported_count: 99_998, error_count: 2 })).toBe('99,998 measurements imported; 2 rows were left out.');
    expect(importSummary({ imported_count: 0, error_count: 1 })).toBe('0 measurements imported; 1 row was left out.');
  });
});
