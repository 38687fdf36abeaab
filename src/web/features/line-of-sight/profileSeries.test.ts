import { describe, expect, it } from 'vitest';
import { profileSeries } from './profileSeries.js';
import { flatProfile, link } from './testing/losTestData.js';

describe('elevation profile series', () => {
  it('fills the terrain with the earth bulge, and draws the ray, the first Fresnel zone and the 60% line', () => {
    const series = profileSeries(link())!;
    const middle = series.data[5]!;
    const point = flatProfile()[5]!;
    expect(middle.distance_km).toBe(5);
    // 100 m ground + 1.47 m bulge in the middle of 10 km (k = 4/3).
    expect(middle.terrain).toBeCloseTo(101.47, 2);
    expect(middle.terrainBand).toEqual([series.yDomain[0], middle.terrain]);
    expect(middle.ray).toBeCloseTo(116, 2);
    expect(middle.fresnelBand[0]).toBeCloseTo(point.ray_m - point.fresnel_m, 2);
    expect(middle.fresnelBand[1]).toBeCloseTo(point.ray_m + point.fresnel_m, 2);
    expect(middle.fresnel60).toBeCloseTo(point.ray_m - 0.6 * point.fresnel_m, 2);
    expect(series.lengthKm).toBe(10);
  });

  it('spans every series with a margin on round values', () => {
    const series = profileSeries(link())!;
    const [low, high] = series.yDomain;
    for (const d of series.data) {
      expect(Math.min(d.terrain, d.fresnelBand[0])).toBeGreaterThan(low);
      expect(Math.max(d.terrain, d.fresnelBand[1], d.ray)).toBeLessThan(high);
    }
    // Ground at 100 m, the zone's top near the tower at 134 m; 5 m steps, at least half a step of margin.
    expect([low, high]).toEqual([95, 140]);
    expect(series.yTicks).toEqual([95, 100, 105, 110, 115, 120, 125, 130, 135, 140]);
    expect(series.xTicks).toEqual([0, 2, 4, 6, 8, 10]);
  });

  it('marks the obstruction, as blocking only when it cuts the ray', () => {
    expect(profileSeries(link())!.obstruction).toEqual({ distance_km: 5, height_m: 101.5, cut_m: -14.5, blocks: false });
    expect(profileSeries(link({ obstruction: { distance_km: 4.6, height_m: 401, cut_m: 283 } }))!.obstruction).toMatchObject({ blocks: true });
    expect(profileSeries(link({ obstruction: null }))!.obstruction).toBeNull();
  });

  it('has nothing to draw for a path that was not analysed', () => {
    expect(profileSeries(link({ profile: [] }))).toBeNull();
  });
});
