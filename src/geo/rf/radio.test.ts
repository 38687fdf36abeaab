import { describe, expect, it } from 'vitest';
import {
  diffractionParameterV,
  earthBulgeM,
  EFFECTIVE_EARTH_FACTOR,
  freeSpacePathLossDb,
  fresnelRadiusM,
  knifeEdgeLossDb,
  SPEED_OF_LIGHT_M_S,
} from './radio.js';

const F_5800_MHZ = 5.8e9;

describe('freeSpacePathLossDb', () => {
  it('matches the exact formula at 5.8 GHz: 107.7163 / 121.6957 / 127.7163 / 133.7369 dB at 1 / 5 / 10 / 20 km', () => {
    expect(freeSpacePathLossDb(1_000, F_5800_MHZ)).toBeCloseTo(107.7163, 3);
    expect(freeSpacePathLossDb(5_000, F_5800_MHZ)).toBeCloseTo(121.6957, 3);
    expect(freeSpacePathLossDb(10_000, F_5800_MHZ)).toBeCloseTo(127.7163, 3);
    expect(freeSpacePathLossDb(20_000, F_5800_MHZ)).toBeCloseTo(133.7369, 3);
  });

  it('grows by 6.0206 dB when the distance or the frequency doubles', () => {
    expect(freeSpacePathLossDb(2_000, F_5800_MHZ) - freeSpacePathLossDb(1_000, F_5800_MHZ)).toBeCloseTo(20 * Math.log10(2), 10);
    expect(freeSpacePathLossDb(1_000, 2 * F_5800_MHZ) - freeSpacePathLossDb(1_000, F_5800_MHZ)).toBeCloseTo(6.0206, 4);
  });

  it('uses the exact speed of light', () => {
    expect(SPEED_OF_LIGHT_M_S).toBe(299_792_458);
  });
});

describe('fresnelRadiusM', () => {
  it('is 11.3675 m at the middle of a 10 km path at 5.8 GHz (60 %: 6.8205 m)', () => {
    expect(fresnelRadiusM(5_000, 5_000, F_5800_MHZ)).toBeCloseTo(11.3675, 4);
    expect(0.6 * fresnelRadiusM(5_000, 5_000, F_5800_MHZ)).toBeCloseTo(6.8205, 4);
  });

  it('is 0 at the ends and symmetric', () => {
    expect(fresnelRadiusM(0, 10_000, F_5800_MHZ)).toBe(0);
    expect(fresnelRadiusM(10_000, 0, F_5800_MHZ)).toBe(0);
    expect(fresnelRadiusM(2_000, 8_000, F_5800_MHZ)).toBeCloseTo(fresnelRadiusM(8_000, 2_000, F_5800_MHZ), 12);
  });
});

describe('earthBulgeM', () => {
  it('is 1.47151 m at the middle of 10 km with k = 4/3 and R = 6,371 km', () => {
    expect(EFFECTIVE_EARTH_FACTOR).toBeCloseTo(4 / 3, 15);
    expect(earthBulgeM(5_000, 5_000)).toBeCloseTo(1.47151, 5);
  });

  it('takes another k and radius: k = 1 raises it by 4/3', () => {
    expect(earthBulgeM(5_000, 5_000, 1)).toBeCloseTo(1.47151 * (4 / 3), 5);
    expect(earthBulgeM(5_000, 5_000, 1, 6_378_137)).toBeCloseTo(25e6 / (2 * 6_378_137), 10);
  });
});

describe('diffractionParameterV', () => {
  it('is √2 when the edge reaches the first Fresnel radius above the ray, and 0 on the ray', () => {
    const f1 = fresnelRadiusM(3_000, 7_000, F_5800_MHZ);
    expect(diffractionParameterV(f1, 3_000, 7_000, F_5800_MHZ)).toBeCloseTo(Math.SQRT2, 12);
    expect(diffractionParameterV(0, 3_000, 7_000, F_5800_MHZ)).toBe(0);
  });

  it('is −0.8485 when 60 % of the first zone is clear', () => {
    const f1 = fresnelRadiusM(5_000, 5_000, F_5800_MHZ);
    expect(diffractionParameterV(-0.6 * f1, 5_000, 5_000, F_5800_MHZ)).toBeCloseTo(-0.8485, 4);
  });
});

describe('knifeEdgeLossDb', () => {
  it('matches ITU-R P.526 J(v): 0 at v <= -0.78, 6.0329 at 0, 13.9257 at 1, 19.0429 at 2', () => {
    expect(knifeEdgeLossDb(-0.78)).toBe(0);
    expect(knifeEdgeLossDb(-3)).toBe(0);
    expect(knifeEdgeLossDb(0)).toBeCloseTo(6.0329, 3);
    expect(knifeEdgeLossDb(1)).toBeCloseTo(13.9257, 3);
    expect(knifeEdgeLossDb(2)).toBeCloseTo(19.0429, 3);
  });

  it('rises steadily above -0.78, starting near 0 dB', () => {
    expect(knifeEdgeLossDb(-0.7799)).toBeGreaterThan(0);
    expect(knifeEdgeLossDb(-0.7799)).toBeLessThan(0.01);
    let previous = 0;
    for (let v = -0.75; v <= 3; v += 0.25) {
      expect(knifeEdgeLossDb(v)).toBeGreaterThan(previous);
      previous = knifeEdgeLossDb(v);
    }
  });
});
