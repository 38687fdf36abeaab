/** Known answers for the curves of the reference attenuation, by hand from the formulas of the Algorithm. */
import { describe, expect, it } from 'vitest';
import { heightGainDb, knifeEdgeDb } from './diffraction.js';
import { lineOfSightAttenuation } from './lineOfSight.js';
import { pathGeometry, roughnessAtM, terrainDeviationM } from './pathGeometry.js';
import { frequencyGainDb, scatterFunctionDb } from './troposcatter.js';

describe('diffraction pieces', () => {
  it('knife edge: 6.02 dB at grazing (v = 0), 6.02 + 9.11v - 1.27v² below v = 2.4, 12.953 + 10·log10(v²) beyond', () => {
    expect(knifeEdgeDb(0)).toBeCloseTo(6.02, 10);
    expect(knifeEdgeDb(1)).toBeCloseTo(13.86, 10);
    expect(knifeEdgeDb(5.76)).toBeCloseTo(20.5572, 4);
    expect(knifeEdgeDb(5.759)).toBeCloseTo(20.5684, 3);
    expect(knifeEdgeDb(100)).toBeCloseTo(32.953, 10);
  });

  it('height gain F(x, K) in its three ranges', () => {
    expect(heightGainDb(100, 0.01)).toBeCloseTo(-36.999, 3); // x·w³ > 5495: 17.372·ln x - 117
    expect(heightGainDb(10, 0.1)).toBeCloseTo(-34.9753, 4); // 2.5e-5·x²/K - 8.686·w - 15
    expect(heightGainDb(3000, 0.1)).toBeCloseTo(137.7583, 4); // 0.05751·x - 4.343·ln x
  });
});

describe('troposcatter pieces', () => {
  it('F(θd) = 133.4 + 0.332e-3·θd - 10·log10(θd) up to 10 km', () => {
    expect(scatterFunctionDb(5e3)).toBeCloseTo(98.0698, 3);
  });

  it('H_0(r, η_s) interpolates between the curves of whole η_s', () => {
    expect(frequencyGainDb(1, 1)).toBeCloseTo(10 * Math.log10(50), 3);
    expect(frequencyGainDb(1, 1.5)).toBeCloseTo(18.9967, 3);
    expect(frequencyGainDb(1, 9)).toBeCloseTo(10 * Math.log10(1 + 705 + 105), 3);
  });
});

describe('line-of-sight pieces', () => {
  it('terrain roughness and its RMS deviation', () => {
    expect(roughnessAtM(100, 0)).toBeCloseTo(20, 10);
    expect(roughnessAtM(100, 1e9)).toBeCloseTo(100, 10);
    expect(terrainDeviationM(16)).toBeCloseTo(0.78 * 16 * Math.exp(-1), 10);
  });

  it('on smooth ground is the two-ray loss: -10·log10|e^(-iδ) + R|², δ = 2k·h_e1·h_e2/d', () => {
    // k = 5 (238.5 MHz), h_e 10 m each, 1 km: δ = 1 rad. Very conductive ground reflects with R ≈ -1
    // horizontally and R ≈ +1 vertically (up to sin ψ = 0.02): 4·sin²(δ/2) and 4·cos²(δ/2).
    const geometry = (polarizationImpedance: { re: number; im: number }) =>
      pathGeometry({
        waveNumber: 5,
        curvaturePerM: 117.75e-9,
        surfaceRefractivity: 301,
        groundImpedance: polarizationImpedance,
        heightsM: [10, 10],
        effectiveHeightsM: [10, 10],
        horizonDistanceM: [26_000, 26_000],
        horizonThetaRad: [-0.0015, -0.0015],
        deltaHM: 0,
      });
    const horizontal = lineOfSightAttenuation(geometry({ re: 1e5, im: 1e5 }), 0, 0)(1000);
    expect(horizontal).toBeCloseTo(-10 * Math.log10(4 * Math.sin(0.5) ** 2), 2);
    const vertical = lineOfSightAttenuation(geometry({ re: 1e-6, im: -1e-6 }), 0, 0)(1000);
    expect(vertical).toBeCloseTo(-10 * Math.log10(4 * Math.cos(0.5) ** 2), 2);
  });
});
