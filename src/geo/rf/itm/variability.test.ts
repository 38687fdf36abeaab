import { describe, expect, it } from 'vitest';
import { RadioClimate } from './parameters.js';
import { type VariabilityInput, attenuationWithVariability, climateCurve, inverseComplementaryNormal } from './variability.js';

describe('variability', () => {
  it('inverts the complementary normal distribution within 4.5e-4', () => {
    expect(Math.abs(inverseComplementaryNormal(0.5))).toBeLessThan(4.5e-4);
    expect(inverseComplementaryNormal(0.1)).toBeCloseTo(1.28155, 3);
    expect(inverseComplementaryNormal(0.9)).toBeCloseTo(-1.28155, 3);
    expect(inverseComplementaryNormal(0.01)).toBeCloseTo(2.32635, 3);
  });

  it('shapes the climate curves as (c1 + c2/(1 + ((d - x2)/x3)²))·(d/x1)²/(1 + (d/x1)²)', () => {
    expect(climateCurve(1, 2, 100, 100, 50, 100)).toBeCloseTo(1.5, 12);
    expect(climateCurve(1, 2, 100, 100, 50, 0)).toBe(0);
  });

  const base = {
    waveNumber: 900 / 47.7,
    effectiveHeightsM: [30, 10] as [number, number],
    deltaHM: 50,
    climate: RadioClimate.continental_temperate,
    mode: 3 as VariabilityInput['mode'],
    timeFraction: 0.5,
    locationFraction: 0.5,
    situationFraction: 0.5,
  };
  const dex = Math.sqrt(18e6 * 30) + Math.sqrt(18e6 * 10) + Math.cbrt(575.7e12 / base.waveNumber);

  it('at 50 % of everything is the reference less the climate median: 1.608 dB at an effective distance of 130 km, continental temperate', () => {
    // V_med = (-0.62 + 9.19/(1 + ((130 - 205.2)/143.6)²))·(130/228.9)²/(1 + (130/228.9)²) = 1.6077 dB.
    const { attenuationDb, warnings } = attenuationWithVariability({ ...base, referenceAttenuationDb: 20, pathM: dex });
    expect(attenuationDb).toBeCloseTo(20 - 1.6077, 2);
    expect(warnings).toBe(0);
  });

  it('shrinks a gain over free space: A·(29 - A)/(29 - 10·A)', () => {
    const { attenuationDb } = attenuationWithVariability({ ...base, referenceAttenuationDb: -10, pathM: 1 });
    expect(attenuationDb).toBeCloseTo(-3.0233, 2);
  });

  it('lowers the loss for a smaller fraction of time or locations, raises it for more situations; mode + 10 ignores locations', () => {
    const at = (change: Partial<typeof base>) => attenuationWithVariability({ ...base, referenceAttenuationDb: 30, pathM: 20e3, ...change }).attenuationDb;
    const median = at({});
    expect(at({ timeFraction: 0.1 })).toBeLessThan(median);
    expect(at({ timeFraction: 0.9 })).toBeGreaterThan(median);
    expect(at({ locationFraction: 0.1 })).toBeLessThan(median);
    expect(at({ situationFraction: 0.9 })).toBeGreaterThan(median);
    // (0.5's deviate is 0 only to the approximation's 4.5e-4.)
    expect(at({ mode: 13, locationFraction: 0.1 })).toBeCloseTo(median, 4);
    // SPLAT!'s mode 12 (mobile, no location variability) equals broadcast at 50 % of locations.
    expect(at({ mode: 12, timeFraction: 0.9, situationFraction: 0.8 })).toBeCloseTo(at({ timeFraction: 0.9, situationFraction: 0.8 }), 4);
  });

  it('warns when a quantile lies far in the tail (|z| > 3.1)', () => {
    expect(attenuationWithVariability({ ...base, referenceAttenuationDb: 30, pathM: 20e3, timeFraction: 0.0005 }).warnings).not.toBe(0);
  });
});
