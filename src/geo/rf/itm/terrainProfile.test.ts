import { describe, expect, it } from 'vitest';
import { findHorizons, fitLine, profileGeometry, selectInPlace, terrainIrregularityM } from './terrainProfile.js';

const GAMMA = 117.75e-9;
const zeros = (points: number) => new Array<number>(points).fill(0);

describe('terrain profile', () => {
  it('finds no horizon on flat ground: each terminal sees the other, at the angle of the line between them on a curved earth', () => {
    const { thetaRad, distanceM } = findHorizons(zeros(11), 100, [10, 30], GAMMA);
    expect(distanceM).toEqual([1000, 1000]);
    // θ_1 = (z_2 - z_1)/d - γd/2, θ_2 = -(z_2 - z_1)/d - γd/2.
    expect(thetaRad[0]).toBeCloseTo(0.02 - GAMMA * 500, 12);
    expect(thetaRad[1]).toBeCloseTo(-0.02 - GAMMA * 500, 12);
  });

  it('takes a spike above the line as both horizons (single horizon), on a flat earth by hand', () => {
    const profile = zeros(11);
    profile[5] = 50;
    const { thetaRad, distanceM } = findHorizons(profile, 100, [10, 10], 0);
    expect(distanceM).toEqual([500, 500]);
    expect(thetaRad[0]).toBeCloseTo(40 / 500, 12);
    expect(thetaRad[1]).toBeCloseTo(40 / 500, 12);
  });

  it('takes the nearer of two spikes as each terminal horizon (double horizon)', () => {
    const profile = zeros(11);
    profile[3] = 40;
    profile[7] = 40;
    const { thetaRad, distanceM } = findHorizons(profile, 100, [10, 10], 0);
    expect(distanceM).toEqual([300, 300]);
    expect(thetaRad[0]).toBeCloseTo(30 / 300, 12);
    expect(thetaRad[1]).toBeCloseTo(30 / 300, 12);
  });

  it('fits a straight line exactly and evaluates it at both ends of the path', () => {
    const line = Array.from({ length: 21 }, (_, i) => 5 + 2 * i);
    const [start, end] = fitLine(line, 50, 0, 1000);
    expect(start).toBeCloseTo(5, 10);
    expect(end).toBeCloseTo(45, 10);
    // Fitted over part of the path only, the line still reaches both ends.
    const [partStart, partEnd] = fitLine(line, 50, 200, 600);
    expect(partStart).toBeCloseTo(5, 10);
    expect(partEnd).toBeCloseTo(45, 10);
  });

  it('finds no irregularity on a plane or a slope, and none over less than two intervals', () => {
    expect(terrainIrregularityM(zeros(101), 100, 0, 10_000)).toBe(0);
    expect(
      terrainIrregularityM(
        Array.from({ length: 101 }, (_, i) => 3 * i),
        100,
        0,
        10_000,
      ),
    ).toBeCloseTo(0, 9);
    const bumpy = Array.from({ length: 101 }, (_, i) => (i % 2) * 20);
    expect(terrainIrregularityM(bumpy, 100, 1000, 1150)).toBe(0);
  });

  it('measures Δh as the 10 %-90 % spread of the deviations, scaled by 1/(1 - 0.8·e^(-d/50 km))', () => {
    // A square wave of ±10 m, 10 intervals a half-period: its deviations from the fitted line are
    // about ±10 m (a tenth of the resampled points lie at the top, a tenth at the bottom).
    const square = Array.from({ length: 1001 }, (_, i) => (Math.floor(i / 10) % 2 === 0 ? 10 : -10));
    const deltaH = terrainIrregularityM(square, 100, 0, 100_000);
    expect(deltaH * (1 - 0.8 * Math.exp(-2))).toBeCloseTo(20, 0);
  });

  it('on flat ground: effective heights are the antenna heights, horizons those of a smooth earth', () => {
    const g = profileGeometry(zeros(101), 100, [10, 20], GAMMA);
    expect(g.pathM).toBe(10_000);
    expect(g.deltaHM).toBe(0);
    expect(g.effectiveHeightsM).toEqual([10, 20]);
    expect(g.distanceM[0]).toBeCloseTo(Math.sqrt((2 * 10) / GAMMA), 6);
    expect(g.distanceM[1]).toBeCloseTo(Math.sqrt((2 * 20) / GAMMA), 6);
    // θ = (0.65·Δh·(d_Ls/d_L - 1) - 2·h_e)/d_Ls = -sqrt(2·h_e·γ) with Δh = 0.
    expect(g.thetaRad[0]).toBeCloseTo(-Math.sqrt(2 * 10 * GAMMA), 12);
  });

  it('on a transhorizon path: effective heights above the line fitted in front of each antenna', () => {
    // Antennas on hill tops 50 m above a plain, a ridge between: each stands 50 m above the fitted slope's start.
    const profile = Array.from({ length: 101 }, (_, i) => (i === 50 ? 150 : i <= 5 ? 50 - 10 * i : i >= 95 ? 50 - 10 * (100 - i) : 0));
    const g = profileGeometry(profile, 100, [10, 10], GAMMA);
    expect(g.distanceM).toEqual([5000, 5000]);
    expect(g.effectiveHeightsM[0]).toBeGreaterThan(10 + 30);
    expect(g.effectiveHeightsM[1]).toBeGreaterThan(10 + 30);
  });

  it('selectInPlace picks what a sort would put at each index, repeated values and all', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (const length of [1, 2, 5, 35, 245]) {
      const values = Float64Array.from({ length }, () => Math.round(random() * 20) - 10);
      const sorted = Float64Array.from(values).sort();
      for (let k = 0; k < length; k++) {
        const shuffled = Float64Array.from(values);
        expect(selectInPlace(shuffled, k)).toBe(sorted[k]);
        // Nothing greater before the picked one, so a lower quantile can be picked from that part alone.
        expect(Math.max(...shuffled.subarray(0, k))).toBeLessThanOrEqual(sorted[k]!);
      }
    }
  });
});
