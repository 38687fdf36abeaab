import { describe, expect, it } from 'vitest';
import { formatComputedAt, formatCoverage, formatFrequency, formatHeight, formatLocation, summarizeTowers } from './towerFormat.js';

describe('tower formats', () => {
  it('writes a location in degrees to 6 decimals with its hemispheres', () => {
    expect(formatLocation(-33.9249, 18.4241)).toBe('33.924900° S, 18.424100° E');
    expect(formatLocation(51.5, -0.1275)).toBe('51.500000° N, 0.127500° W');
    expect(formatLocation(0, 0)).toBe('0.000000° N, 0.000000° E');
    expect(formatLocation(-0.0000001, -180)).toBe('0.000000° N, 180.000000° W');
  });

  it('adds the antenna height only when there is one', () => {
    expect(formatHeight({ height_meters: 30, antenna_height_meters: 5 })).toBe('30 m + 5 m antenna');
    expect(formatHeight({ height_meters: 30, antenna_height_meters: 0 })).toBe('30 m');
    expect(formatHeight({ height_meters: 12.5, antenna_height_meters: 0.25 })).toBe('12.5 m + 0.25 m antenna');
  });

  it('writes frequency with power, and coverage in km', () => {
    expect(formatFrequency({ frequency_ghz: 5.8, power_dbm: 20 })).toBe('5.8 GHz / 20 dBm');
    expect(formatFrequency({ frequency_ghz: 2.412, power_dbm: -3 })).toBe('2.412 GHz / -3 dBm');
    expect(formatCoverage(10)).toBe('10 km');
    expect(formatCoverage(7.25)).toBe('7.25 km');
  });

  it('writes when a footprint was computed to the second, in local time', () => {
    expect(formatComputedAt(new Date(2026, 10, 26, 15, 7, 3, 900).toISOString())).toBe('26 Nov, 15:07:03');
    expect(formatComputedAt('garbage')).toBe('garbage');
  });

  it('counts active and inactive towers and sums their radii', () => {
    expect(summarizeTowers([])).toEqual({ total: 0, active: 0, inactive: 0, coverageKm: 0 });
    expect(
      summarizeTowers([
        { active: true, coverage_radius_km: 10 },
        { active: false, coverage_radius_km: 5 },
        { active: true, coverage_radius_km: 12.5 },
      ]),
    ).toEqual({ total: 3, active: 2, inactive: 1, coverageKm: 27.5 });
  });
});
