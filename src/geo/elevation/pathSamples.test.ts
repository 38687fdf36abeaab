import { describe, expect, it } from 'vitest';
import { distanceM, EARTH_RADIUS_M, intermediatePoint } from '../sphere.js';
import { pathSamples } from './pathSamples.js';

/** 3 arc-seconds of a meridian, metres (92.66 m): the spacing of SRTM-3 rows. */
const ARC_3S_M = (EARTH_RADIUS_M * Math.PI) / 180 / 1200;

describe('pathSamples', () => {
  it('lands on every grid row of a meridian path that is a whole number of rows long', () => {
    const from = { lat: -25.455, lng: 28.5 };
    const to = { lat: -25.545, lng: 28.5 }; // 108 rows of 3″
    const { distancesM, lats, lngs } = pathSamples(from, to, ARC_3S_M, 10_000);
    expect(distancesM.length).toBe(109);
    for (let i = 0; i < 109; i++) {
      expect(lats[i]).toBeCloseTo(-25.455 - i / 1200, 10);
      expect(lngs[i]).toBeCloseTo(28.5, 10);
      expect(distancesM[i]).toBeCloseTo(i * ARC_3S_M, 6);
    }
    expect(distancesM[0]).toBe(0);
    expect(distancesM[108]).toBe(distanceM(from, to));
  });

  it('spaces samples evenly along the great circle, no further apart than asked', () => {
    const from = { lat: -33.92, lng: 18.42 };
    const to = { lat: -33.8, lng: 18.6 };
    const totalM = distanceM(from, to);
    const { distancesM, lats, lngs } = pathSamples(from, to, 90, 10_000);
    expect(distancesM.length).toBe(Math.ceil(totalM / 90) + 1);
    expect(distancesM[1]! - distancesM[0]!).toBeLessThanOrEqual(90);
    const mid = Math.floor(distancesM.length / 3);
    const expected = intermediatePoint(from, to, mid / (distancesM.length - 1));
    // Exact every kilometre, linear between: within 2 cm (2e-7 degrees) of the great circle here.
    expect(Math.abs(lats[mid]! - expected.lat)).toBeLessThan(2e-7);
    expect(Math.abs(lngs[mid]! - expected.lng)).toBeLessThan(2e-7);
    expect(Math.abs(distanceM(from, { lat: lats[mid]!, lng: lngs[mid]! }) - distancesM[mid]!)).toBeLessThan(0.01);
  });

  it('stays within 10 cm of the great circle on a long path at high latitude, and across the antimeridian', () => {
    for (const [from, to] of [
      [
        { lat: 60, lng: 10 },
        { lat: 61.5, lng: 13 },
      ],
      [
        { lat: -16.9, lng: 179.8 },
        { lat: -17.1, lng: -179.7 },
      ],
    ] as const) {
      const { distancesM, lats, lngs } = pathSamples(from, to, 30, 10_000);
      const totalM = distancesM[distancesM.length - 1]!;
      let worstM = 0;
      for (let i = 1; i < distancesM.length - 1; i += 7) {
        const exact = intermediatePoint(from, to, distancesM[i]! / totalM);
        worstM = Math.max(worstM, distanceM(exact, { lat: lats[i]!, lng: lngs[i]! }));
        expect(lngs[i]).toBeGreaterThanOrEqual(-180);
        expect(lngs[i]).toBeLessThan(180);
      }
      expect(worstM).toBeLessThan(0.1);
    }
  });

  it('caps the count at maxSamples and keeps both ends', () => {
    const from = { lat: 0, lng: 0 };
    const to = { lat: 0, lng: 1 };
    const { distancesM, lats, lngs } = pathSamples(from, to, 10, 512);
    expect(distancesM.length).toBe(512);
    expect([lats[0], lngs[0]]).toEqual([0, 0]);
    expect([lats[511], lngs[511]]).toEqual([0, 1]);
  });

  it('gives the two ends for a path shorter than the spacing, and two samples at distance 0 for coincident points', () => {
    expect(pathSamples({ lat: 0, lng: 0 }, { lat: 0, lng: 0.0001 }, 90, 100).distancesM.length).toBe(2);
    const same = pathSamples({ lat: 1, lng: 2 }, { lat: 1, lng: 2 }, 90, 100);
    expect([...same.distancesM]).toEqual([0, 0]);
  });

  it('refuses a spacing or a count it cannot honour', () => {
    expect(() => pathSamples({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 0, 10)).toThrow('spacingM must be a positive number of metres, got 0');
    expect(() => pathSamples({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }, 90, 1)).toThrow('maxSamples must be a whole number >= 2, got 1');
  });
});
