import { describe, expect, it } from 'vitest';
import { NO_RESIDUAL_COLOR, residualBounds, residualColor, residualFeatures } from './residualMap.js';

const point = (id: number, residual_db: number | null, lat = -34, lng = 19) => ({ id, lat, lng, rssi_dbm: -60, residual_db, source: 'survey' as const });

describe('the residual colour scale', () => {
  it('is red where the map overclaims, near white where it agrees, blue where the signal was stronger', () => {
    expect(residualColor(-20)).toBe('#b2182b');
    expect(residualColor(0)).toBe('#f7f7f7');
    expect(residualColor(20)).toBe('#2166ac');
  });

  it('takes the end colours beyond ±20 dB and grey without a residual', () => {
    expect(residualColor(-45)).toBe('#b2182b');
    expect(residualColor(33)).toBe('#2166ac');
    expect(residualColor(null)).toBe(NO_RESIDUAL_COLOR);
  });

  it('interpolates between stops: halfway from 0 (#f7f7f7) to +10 (#67a9cf)', () => {
    // (0xf7 + 0x67) / 2 = 0xaf, (0xf7 + 0xa9) / 2 = 0xd0, (0xf7 + 0xcf) / 2 = 0xe3.
    expect(residualColor(5)).toBe('#afd0e3');
  });
});

describe('the map points', () => {
  it('are GeoJSON [lng, lat] with their colour, those without a residual drawn first (under the others)', () => {
    const features = residualFeatures([point(1, -12), point(2, null, -33.5, 18.5)]).features;
    expect(features.map((feature) => feature.properties.id)).toEqual([2, 1]);
    expect(features[0]!.geometry.coordinates).toEqual([18.5, -33.5]);
    expect(features[0]!.properties.color).toBe(NO_RESIDUAL_COLOR);
  });

  it('are framed by their box, widened a little', () => {
    expect(residualBounds([point(1, 0, -34, 19), point(2, 0, -33, 20)], 0.01)).toEqual([
      [18.99, -34.01],
      [20.01, -32.99],
    ]);
    expect(residualBounds([])).toBeNull();
  });
});
