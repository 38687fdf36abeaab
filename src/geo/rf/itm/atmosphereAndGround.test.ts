import { describe, expect, it } from 'vitest';
import { EARTH_CURVATURE_PER_M, effectiveEarthCurvaturePerM, groundImpedance, surfaceRefractivityN, waveNumberPerM } from './atmosphereAndGround.js';

describe('atmosphere and ground', () => {
  it('lowers the refractivity with the path height by exp(-h/9460 m)', () => {
    expect(surfaceRefractivityN(301, 0)).toBe(301);
    expect(surfaceRefractivityN(301, 9460)).toBeCloseTo(301 / Math.E, 10);
    expect(surfaceRefractivityN(301, 1000)).toBeCloseTo(270.8, 1);
  });

  it('gives the 4/3 earth at 301 N-units: γ_e = 157e-9 × (1 - 0.04665·e^(301/179.3)) = 117.75e-9 per metre', () => {
    const curvature = effectiveEarthCurvaturePerM(301);
    expect(curvature).toBeCloseTo(117.7515e-9, 13);
    expect(1 / curvature).toBeCloseTo(8_492_463, -1);
    expect(EARTH_CURVATURE_PER_M / curvature).toBeCloseTo(4 / 3, 3);
    // Denser air bends rays more: a flatter effective earth.
    expect(effectiveEarthCurvaturePerM(350)).toBeLessThan(curvature);
  });

  it('writes the wave number as f/47.7 (2π/λ per metre with f in MHz, within 0.03 %)', () => {
    expect(waveNumberPerM(477)).toBeCloseTo(10, 12);
    expect(waveNumberPerM(1000) / ((2 * Math.PI * 1e9) / 299_792_458)).toBeCloseTo(1, 3);
  });

  it('computes the ground impedance sqrt(ε′ - 1), divided by ε′ for vertical polarisation (ε 15, σ 0.005 S/m, 100 MHz)', () => {
    // ε′ = 15 + i·376.62·0.005/(100/47.7) = 15 + 0.89825i.
    const horizontal = groundImpedance(15, 0.005, 100, 'horizontal');
    expect(horizontal.re).toBeCloseTo(3.74358, 5);
    expect(horizontal.im).toBeCloseTo(0.119971, 5);
    const vertical = groundImpedance(15, 0.005, 100, 'vertical');
    expect(vertical.re).toBeCloseTo(0.249157, 5);
    expect(vertical.im).toBeCloseTo(-0.0069222, 6);
  });
});
