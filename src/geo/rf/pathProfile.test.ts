import { describe, expect, it } from 'vitest';
import { analysePath, decimateIndices, type PathInput } from './pathProfile.js';
import { earthBulgeM, fresnelRadiusM, knifeEdgeLossDb } from './radio.js';

const F_5800_MHZ = 5.8e9;

/** A profile of `count` evenly spaced samples over `lengthM`, flat at `groundM`, with single-sample ridges. */
function profile(lengthM: number, count: number, groundM: number, ridges: Record<number, number> = {}): Pick<PathInput, 'distancesM' | 'terrainM'> {
  const distancesM = Float64Array.from({ length: count }, (_, i) => (i * lengthM) / (count - 1));
  const terrainM = new Float64Array(count).fill(groundM);
  for (const [index, height] of Object.entries(ridges)) terrainM[Number(index)] = height;
  return { distancesM, terrainM };
}

function flatPath(ridges: Record<number, number> = {}, rxAntennaM = 30): PathInput {
  return { ...profile(10_000, 101, 100, ridges), txAntennaM: 30, rxAntennaM, frequencyHz: F_5800_MHZ };
}

describe('analysePath', () => {
  it('finds a flat 10 km plain clear, its worst clearance at the middle: (30 m − 1.47151 m bulge) / 11.3675 m = 2.5096 F1', () => {
    const result = analysePath(flatPath());
    expect(result.clear).toBe(true);
    expect(result.fresnel60Clear).toBe(true);
    expect(result.worstClearanceRatio).toBeCloseTo((30 - 1.47151) / 11.36754, 4);
    expect(result.worstClearanceRatio).toBeCloseTo(2.5096, 4);
    expect(result.obstruction).toEqual({ index: 50, distanceM: 5_000, heightM: expect.closeTo(101.47151, 5), cutM: expect.closeTo(-28.52849, 5) });
    expect(result.diffractionLossDb).toBe(0);
    expect(result.requiredRxAntennaM).toBe(0);
  });

  it('reports the ray, bulge and Fresnel radius per sample', () => {
    const result = analysePath({ ...profile(10_000, 101, 100), txAntennaM: 40, rxAntennaM: 20, frequencyHz: F_5800_MHZ });
    expect(result.rayM[0]).toBe(140);
    expect(result.rayM[100]).toBe(120);
    expect(result.rayM[25]).toBeCloseTo(135, 10);
    expect(result.bulgeM[0]).toBe(0);
    expect(result.bulgeM[50]).toBeCloseTo(1.47151, 5);
    expect(result.fresnelM[50]).toBeCloseTo(11.3675, 4);
    expect(result.fresnelM[100]).toBe(0);
  });

  it('a synthetic ridge across a flat 10 km profile turns clear into blocked as it rises, at the height geometry predicts', () => {
    // Ridge at 3 km: the ray runs at 130 m; the bulge there is 3000 × 7000 / (2 × 4/3 × 6,371,000) = 1.23607 m.
    const thresholdM = 130 - (3_000 * 7_000) / (2 * (4 / 3) * 6_371_000);
    expect(thresholdM).toBeCloseTo(128.76393, 5);
    for (let ridgeM = 100; ridgeM <= 140; ridgeM += 1) {
      expect(analysePath(flatPath({ 30: ridgeM })).clear, `ridge ${ridgeM} m`).toBe(ridgeM <= thresholdM);
    }
    const below = analysePath(flatPath({ 30: thresholdM - 0.001 }));
    const above = analysePath(flatPath({ 30: thresholdM + 0.001 }));
    expect(below.clear).toBe(true);
    expect(above.clear).toBe(false);
    expect(above.obstruction).toMatchObject({ index: 30, distanceM: 3_000, cutM: expect.closeTo(0.001, 6) });
    expect(above.worstClearanceRatio).toBeCloseTo(-0.001 / fresnelRadiusM(3_000, 7_000, F_5800_MHZ), 6);
    // A grazing edge (v = 0) costs 6.03 dB.
    expect(above.diffractionLossDb).toBeCloseTo(knifeEdgeLossDb(0), 2);
  });

  it('counts an edge just short of 60 % of the first zone as Fresnel-clear and one just inside as not', () => {
    const clearance60M = 0.6 * fresnelRadiusM(3_000, 7_000, F_5800_MHZ);
    const edgeM = 130 - earthBulgeM(3_000, 7_000) - clearance60M;
    expect(analysePath(flatPath({ 30: edgeM - 0.001 })).fresnel60Clear).toBe(true);
    const inside = analysePath(flatPath({ 30: edgeM + 0.001 }));
    expect(inside.fresnel60Clear).toBe(false);
    expect(inside.clear).toBe(true);
    expect(inside.worstClearanceRatio).toBeCloseTo(0.6, 3);
    // v = −0.8485 lies below J(v)'s −0.78 cut-off: no loss yet.
    expect(inside.diffractionLossDb).toBe(0);
  });

  it("asks 52.97 / 75.74 / 66.63 m of the target antenna on the notes' example (100 m plain, 140 m ridge half way along 10.04 km, 30 m antennas)", () => {
    const input: PathInput = { ...profile(10_040, 101, 100, { 50: 140 }), txAntennaM: 30, rxAntennaM: 30, frequencyHz: F_5800_MHZ };
    const result = analysePath(input);
    expect(result.clear).toBe(false);
    expect(result.requiredRxAntennaM).toBeCloseTo(52.97, 1);
    expect(Math.abs(result.requiredRxAntennaM - 52.97)).toBeLessThan(0.05);
    expect(Math.abs(result.requiredRxAntennaFresnelM - 75.74)).toBeLessThan(0.05);
    expect(Math.abs(result.requiredRxAntennaFresnel60M - 66.63)).toBeLessThan(0.05);

    // At each required height the path just reaches that clearance.
    expect(analysePath({ ...input, rxAntennaM: result.requiredRxAntennaM }).worstClearanceRatio).toBeCloseTo(0, 9);
    expect(analysePath({ ...input, rxAntennaM: result.requiredRxAntennaM + 0.01 }).clear).toBe(true);
    expect(analysePath({ ...input, rxAntennaM: result.requiredRxAntennaM - 0.01 }).clear).toBe(false);
    expect(analysePath({ ...input, rxAntennaM: result.requiredRxAntennaFresnel60M }).worstClearanceRatio).toBeCloseTo(0.6, 9);
    expect(analysePath({ ...input, rxAntennaM: result.requiredRxAntennaFresnelM }).worstClearanceRatio).toBeCloseTo(1, 9);
  });

  it('takes the knife edge with the largest v among several ridges', () => {
    // 125 m at 2 km cuts nothing; 131 m at 6 km reaches above the 130 m ray.
    const result = analysePath(flatPath({ 20: 125, 60: 131 }));
    expect(result.obstruction?.index).toBe(60);
    const cutM = 131 + earthBulgeM(6_000, 4_000) - 130;
    const v = (Math.SQRT2 * cutM) / fresnelRadiusM(6_000, 4_000, F_5800_MHZ);
    expect(result.diffractionLossDb).toBeCloseTo(knifeEdgeLossDb(v), 10);
  });

  it('uses k: on the true earth (k = 1) a 30 km flat path with 10 m antennas is blocked by the bulge, at k = 4/3 too, at k = 4 not', () => {
    const input: PathInput = { ...profile(30_000, 301, 0), txAntennaM: 10, rxAntennaM: 10, frequencyHz: F_5800_MHZ };
    // Bulge at the middle: 15 km² / (2kR) = 17.66 m (k = 1), 13.24 m (4/3), 4.41 m (4).
    expect(analysePath({ ...input, k: 1 }).clear).toBe(false);
    expect(analysePath(input).clear).toBe(false);
    expect(analysePath({ ...input, k: 4 }).clear).toBe(true);
  });

  it('has nothing to analyse on a two-sample path', () => {
    const result = analysePath({
      distancesM: Float64Array.of(0, 500),
      terrainM: Float64Array.of(10, 20),
      txAntennaM: 5,
      rxAntennaM: 2,
      frequencyHz: F_5800_MHZ,
    });
    expect(result).toMatchObject({
      clear: true,
      worstClearanceRatio: Infinity,
      fresnel60Clear: true,
      obstruction: null,
      diffractionLossDb: 0,
      requiredRxAntennaM: 0,
    });
  });

  it('refuses a malformed profile with a clear message', () => {
    const ok = flatPath();
    expect(() => analysePath({ ...ok, terrainM: new Float64Array(3) })).toThrow('distancesM and terrainM must have the same length (101 and 3)');
    expect(() => analysePath({ ...ok, distancesM: Float64Array.of(0), terrainM: Float64Array.of(0) })).toThrow('a path needs at least 2 samples, got 1');
    expect(() => analysePath({ ...ok, distancesM: ok.distancesM.map((d) => d + 1) })).toThrow('distancesM must start at 0, got 1');
    expect(() => analysePath({ ...ok, distancesM: Float64Array.of(0, 0), terrainM: Float64Array.of(0, 0) })).toThrow(
      'distancesM must increase strictly and be finite: sample 1 is 0 after 0',
    );
    expect(() => analysePath({ ...ok, frequencyHz: 0 })).toThrow('frequencyHz must be a positive number, got 0');
    expect(() => analysePath({ ...ok, k: -1 })).toThrow('k must be a positive number, got -1');
  });
});

describe('decimateIndices', () => {
  it('keeps every index when there are no more than max', () => {
    expect(decimateIndices(5, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(decimateIndices(0, 10)).toEqual([]);
  });

  it('spreads max indices evenly, first and last included', () => {
    expect(decimateIndices(11, 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(decimateIndices(1000, 2)).toEqual([0, 999]);
  });

  it('always keeps the given index, within max, sorted and unique', () => {
    const picked = decimateIndices(1000, 10, 503);
    expect(picked).toContain(503);
    expect(picked[0]).toBe(0);
    expect(picked.at(-1)).toBe(999);
    expect(picked.length).toBeLessThanOrEqual(10);
    expect([...picked].sort((a, b) => a - b)).toEqual(picked);
    expect(new Set(picked).size).toBe(picked.length);
    // A kept index that an even spread already picks is not doubled.
    expect(decimateIndices(11, 7, 5)).toEqual([0, 2, 4, 5, 6, 8, 10]);
    expect(decimateIndices(11, 7, 4)).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('refuses a max that cannot hold the ends and the kept index', () => {
    expect(() => decimateIndices(100, 1)).toThrow('max must be a whole number >= 2, got 1');
    expect(() => decimateIndices(100, 2, 50)).toThrow('max must be a whole number >= 3, got 2');
    expect(() => decimateIndices(100, 10, 100)).toThrow('keep must be an index below count (100), got 100');
  });
});
