import { describe, expect, it } from 'vitest';
import { inverseNormalCdf, normalCdf, reliabilityMarginDb, serviceLikelihood, serviceProbability } from './serviceLikelihood.js';

describe('normalCdf', () => {
  it('gives the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.841344746, 6);
    expect(normalCdf(-1.959963985)).toBeCloseTo(0.025, 6);
    expect(normalCdf(1.281551566)).toBeCloseTo(0.9, 6);
    expect(normalCdf(-8)).toBeLessThan(1e-14);
  });
});

describe('inverseNormalCdf', () => {
  it('inverts it', () => {
    expect(inverseNormalCdf(0.7)).toBeCloseTo(0.524400513, 7);
    expect(inverseNormalCdf(0.9)).toBeCloseTo(1.281551566, 7);
    expect(inverseNormalCdf(0.01)).toBeCloseTo(-2.326347874, 7);
    expect(inverseNormalCdf(0.999)).toBeCloseTo(3.090232306, 6);
    expect(() => inverseNormalCdf(1)).toThrow(RangeError);
  });
});

describe('service likelihood', () => {
  it('is Φ((predicted − threshold) / σ) in the public words', () => {
    expect(serviceProbability(-70, -80, 8)).toBeCloseTo(normalCdf(1.25), 10);
    expect(serviceLikelihood(serviceProbability(-65, -80, 8))).toBe('very_likely');
    expect(serviceLikelihood(0.7)).toBe('likely');
    expect(serviceLikelihood(0.5)).toBe('possible');
    expect(serviceLikelihood(0.399)).toBeNull();
  });

  it('draws a map at a reliability with the z of it times σ taken off', () => {
    expect(reliabilityMarginDb(50, 10)).toBe(0);
    expect(reliabilityMarginDb(70, 10)).toBeCloseTo(5.244, 3);
    expect(reliabilityMarginDb(90, 8)).toBeCloseTo(10.252, 3);
  });
});
