import { describe, expect, it } from 'vitest';
import { destinationPoint, distanceM, EARTH_RADIUS_M, initialBearingDeg, intermediatePoint } from './sphere.js';

/** Length of one degree of arc on the sphere, metres. */
const DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180; // 111,194.93 m

describe('distanceM', () => {
  it('measures one degree of a meridian as 111,194.93 m and a quarter of the equator as 10,007,543.40 m', () => {
    expect(distanceM({ lat: 10, lng: 20 }, { lat: 11, lng: 20 })).toBeCloseTo(111_194.93, 2);
    expect(DEGREE_M).toBeCloseTo(111_194.93, 2);
    expect(distanceM({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo(10_007_543.4, 1);
  });

  it('shrinks a degree of longitude by cos(latitude) for short east-west steps', () => {
    // 0.001° at 60° N: 111.19493 m × 0.5; the great circle and the parallel differ by far less than a millimetre.
    expect(distanceM({ lat: 60, lng: 10 }, { lat: 60, lng: 10.001 })).toBeCloseTo(55.5975, 4);
  });

  it('is 0 between a point and itself and symmetric', () => {
    const a = { lat: -33.92, lng: 18.42 };
    const b = { lat: -26.2, lng: 28.05 };
    expect(distanceM(a, a)).toBe(0);
    expect(distanceM(a, b)).toBeCloseTo(distanceM(b, a), 6);
  });
});

describe('intermediatePoint', () => {
  it('returns the ends at fractions 0 and 1', () => {
    const a = { lat: -33.92, lng: 18.42 };
    const b = { lat: -26.2, lng: 28.05 };
    expect(intermediatePoint(a, b, 0).lat).toBeCloseTo(a.lat, 12);
    expect(intermediatePoint(a, b, 0).lng).toBeCloseTo(a.lng, 12);
    expect(intermediatePoint(a, b, 1).lat).toBeCloseTo(b.lat, 12);
    expect(intermediatePoint(a, b, 1).lng).toBeCloseTo(b.lng, 12);
  });

  it('walks a meridian linearly in latitude', () => {
    const p = intermediatePoint({ lat: 10, lng: 20 }, { lat: 30, lng: 20 }, 0.25);
    expect(p.lat).toBeCloseTo(15, 12);
    expect(p.lng).toBeCloseTo(20, 12);
  });

  it('bends towards the pole between two points on one parallel: the midpoint of (45° N, 0°) and (45° N, 90° E) is at 54.7356° N, 45° E', () => {
    // atan(tan 45° / cos 45°) = atan(√2).
    const p = intermediatePoint({ lat: 45, lng: 0 }, { lat: 45, lng: 90 }, 0.5);
    expect(p.lat).toBeCloseTo((Math.atan(Math.SQRT2) * 180) / Math.PI, 10);
    expect(p.lat).toBeCloseTo(54.7356, 4);
    expect(p.lng).toBeCloseTo(45, 10);
  });

  it('splits the distance in proportion to the fraction', () => {
    const a = { lat: -33.92, lng: 18.42 };
    const b = { lat: -26.2, lng: 28.05 };
    const p = intermediatePoint(a, b, 0.3);
    expect(distanceM(a, p)).toBeCloseTo(0.3 * distanceM(a, b), 3);
    expect(distanceM(p, b)).toBeCloseTo(0.7 * distanceM(a, b), 3);
  });

  it('gives the point itself between coincident points', () => {
    expect(intermediatePoint({ lat: 1, lng: 2 }, { lat: 1, lng: 2 }, 0.5)).toEqual({ lat: 1, lng: 2 });
  });
});

describe('destinationPoint', () => {
  it('goes one degree east along the equator for 111,194.93 m at bearing 90°', () => {
    const p = destinationPoint({ lat: 0, lng: 0 }, 90, DEGREE_M);
    expect(p.lat).toBeCloseTo(0, 12);
    expect(p.lng).toBeCloseTo(1, 12);
  });

  it('reaches the equator at 90° E after a quarter circle heading east from 45° N, 0°', () => {
    const p = destinationPoint({ lat: 45, lng: 0 }, 90, 90 * DEGREE_M);
    expect(p.lat).toBeCloseTo(0, 10);
    expect(p.lng).toBeCloseTo(90, 10);
  });

  it('goes due south along a meridian at bearing 180°', () => {
    const p = destinationPoint({ lat: -25, lng: 28 }, 180, 2 * DEGREE_M);
    expect(p.lat).toBeCloseTo(-27, 12);
    expect(p.lng).toBeCloseTo(28, 12);
  });

  it('lands the given distance away, and wraps longitude across the antimeridian', () => {
    const origin = { lat: -33.92, lng: 18.42 };
    expect(distanceM(origin, destinationPoint(origin, 37, 25_000))).toBeCloseTo(25_000, 4);
    const east = destinationPoint({ lat: 0, lng: 179.5 }, 90, DEGREE_M);
    expect(east.lng).toBeCloseTo(-179.5, 10);
  });

  it('gives the bearing destinationPoint left by, from 0 to 360, and 90° then 270° across the antimeridian', () => {
    const origin = { lat: -33.92, lng: 18.42 };
    for (const bearing of [0, 37, 90, 181, 300]) expect(initialBearingDeg(origin, destinationPoint(origin, bearing, 25_000))).toBeCloseTo(bearing, 8);
    expect(initialBearingDeg({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 })).toBeCloseTo(90, 10);
    expect(initialBearingDeg({ lat: 0, lng: -179.5 }, { lat: 0, lng: 179.5 })).toBeCloseTo(270, 10);
    expect(initialBearingDeg(origin, origin)).toBe(0);
  });
});
