import { describe, expect, it } from 'vitest';
import { scatterDomain, scatterTicks } from './scatterDomain.js';

describe('the predicted-against-measured axes', () => {
  it('share one domain out to whole 10 dB steps, so y = x runs corner to corner', () => {
    const domain = scatterDomain([
      { predicted_dbm: -61, measured_dbm: -75.5, calibrated_dbm: null },
      { predicted_dbm: -88, measured_dbm: -52, calibrated_dbm: -91 },
    ]);
    expect(domain).toEqual([-100, -50]);
    expect(scatterTicks(domain)).toEqual([-100, -90, -80, -70, -60, -50]);
  });

  it('has a default without points, and some width with one value', () => {
    expect(scatterDomain([])).toEqual([-100, -40]);
    expect(scatterDomain([{ predicted_dbm: -70, measured_dbm: -70, calibrated_dbm: null }])).toEqual([-70, -60]);
  });
});
