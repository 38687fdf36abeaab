import { describe, expect, it } from 'vitest';
import { biasText, formatResidual, measuredText, predictedText } from './measurementText.js';

describe('measurement figures in words', () => {
  it('writes a residual with its sign, since which way the model erred matters', () => {
    expect(formatResidual(3)).toBe('+3.0 dB');
    expect(formatResidual(-4.46)).toBe('−4.5 dB');
    expect(formatResidual(0.04)).toBe('0.0 dB');
    expect(formatResidual(null)).toBe('—');
  });

  it('calls an install without a signal a failed one', () => {
    expect(measuredText({ rssi_dbm: -61.26, source: 'install' })).toBe('−61.3 dBm');
    expect(measuredText({ rssi_dbm: null, source: 'install' })).toBe('No signal (install failed)');
  });

  it('tells a prediction still to come from one out of range', () => {
    expect(predictedText({ predicted: false, predicted_dbm: null })).toBe('Predicting…');
    expect(predictedText({ predicted: true, predicted_dbm: null })).toBe('Out of range');
    expect(predictedText({ predicted: true, predicted_dbm: -70 })).toBe('−70.0 dBm');
  });

  it('says which way the model errs on average', () => {
    const figures = (mean_error_db: number | null) => ({ count: 10, mean_error_db, std_db: 5, rmse_db: 6 });
    expect(biasText(figures(-6.2))).toBe('On average the map promises 6.2 dB more signal than was measured.');
    expect(biasText(figures(2))).toBe('On average the measured signal is 2.0 dB stronger than predicted.');
    expect(biasText(figures(0.4))).toBe('On average the predictions match the measurements (within 1 dB).');
    expect(biasText(figures(null))).toBeNull();
  });
});
