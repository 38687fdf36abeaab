import { describe, expect, it } from 'vitest';
import {
  formatArcSeconds,
  formatBytes,
  formatDistance,
  formatFresnel,
  formatRequiredHeight,
  formatSignal,
  linkVerdict,
  optimalTowerId,
  shownTowerId,
  targetClutterText,
  terrainNote,
} from './losFormat.js';
import { link, losResult } from './testing/losTestData.js';

const blocked = link({ tower_id: 2, tower_name: 'Behind the ridge', has_line_of_sight: false, signal_band: 'Unusable', signal_strength: -95.2 });
const clear = link({ tower_id: 3, tower_name: 'East Hill' });
const outOfRange = link({
  tower_id: 4,
  in_range: false,
  has_line_of_sight: false,
  signal_strength: null,
  signal_band: 'Unknown',
  fresnel_clearance_pct: null,
  required_height_m: null,
  terrain_source: null,
  profile: [],
});

describe('the optimal tower and the one whose profile is shown', () => {
  it('marks the first tower with clear line of sight as OPTIMAL, none when all are blocked', () => {
    expect(optimalTowerId(losResult([blocked, clear, link({ tower_id: 5 })]))).toBe(3);
    expect(optimalTowerId(losResult([blocked, outOfRange]))).toBeNull();
    expect(optimalTowerId(undefined)).toBeNull();
  });

  it('shows the chosen tower, else the optimal, else the first', () => {
    const result = losResult([blocked, clear]);
    expect(shownTowerId(result, 2)).toBe(2);
    expect(shownTowerId(result, null)).toBe(3);
    expect(shownTowerId(result, 99)).toBe(3);
    expect(shownTowerId(losResult([blocked, outOfRange]), null)).toBe(2);
    expect(shownTowerId(losResult([]), null)).toBeNull();
  });
});

describe('result texts', () => {
  it('calls a tower clear, blocked or out of range', () => {
    expect([clear, blocked, outOfRange].map(linkVerdict)).toEqual(['clear', 'blocked', 'out_of_range']);
  });

  it('formats distance, signal with its band, Fresnel clearance and required height', () => {
    expect(formatDistance(4.6412)).toBe('4.64 km');
    expect(formatDistance(12.34)).toBe('12.3 km');
    expect(formatSignal(clear)).toBe('-62.4 dBm (Excellent)');
    expect(formatSignal(outOfRange)).toBe('—');
    expect(formatFresnel(clear)).toBe('85% (60% zone clear)');
    expect(formatFresnel({ fresnel_clearance_pct: -340.6, fresnel_60_clear: false })).toBe('-341% (60% zone obstructed)');
    expect(formatFresnel(outOfRange)).toBe('—');
    expect(formatRequiredHeight(589.04)).toBe('589.0 m');
    expect(formatRequiredHeight(null)).toBe('—');
  });

  it('words the Fresnel clearance as a planner reads it: blocked by how much and where, a percentage near the ray, clear above 100%', () => {
    const obstruction = { distance_km: 3.2, height_m: 517.3, cut_m: 42 };
    expect(formatFresnel({ fresnel_clearance_pct: -1937, fresnel_60_clear: false, obstruction })).toBe('blocked by 42 m at 3.2 km');
    expect(formatFresnel({ fresnel_clearance_pct: -240.2, fresnel_60_clear: false, obstruction: { distance_km: 0.348, height_m: 12, cut_m: 3.14 } })).toBe(
      'blocked by 3.1 m at 0.3 km',
    );
    expect(formatFresnel({ fresnel_clearance_pct: -100, fresnel_60_clear: false, obstruction })).toBe('-100% (60% zone obstructed)');
    expect(formatFresnel({ fresnel_clearance_pct: -50, fresnel_60_clear: false, obstruction: { distance_km: 3.2, height_m: 480, cut_m: 5.7 } })).toBe(
      '-50% (60% zone obstructed)',
    );
    expect(formatFresnel({ fresnel_clearance_pct: 0, fresnel_60_clear: false, obstruction: { distance_km: 3.2, height_m: 480, cut_m: 0 } })).toBe(
      '0% (60% zone obstructed)',
    );
    expect(formatFresnel({ fresnel_clearance_pct: 100, fresnel_60_clear: true, obstruction: null })).toBe('100% (60% zone clear)');
    expect(formatFresnel({ fresnel_clearance_pct: 150, fresnel_60_clear: true, obstruction: { distance_km: 3.2, height_m: 400, cut_m: -17 } })).toBe(
      'clear (150%)',
    );
  });

  it('notes flat ground under the profile, and says when a path was not analysed', () => {
    expect(terrainNote(link({ terrain_source: 'flat' }))).toBe('Flat ground: no terrain data for this path');
    expect(terrainNote(link({ terrain_source: 'hgt' }))).toMatch(/SRTM/);
    expect(terrainNote(outOfRange)).toMatch(/not analysed/);
  });

  it('shows a tile as 1″ or 3″ with its size', () => {
    expect(formatArcSeconds(3)).toBe('3″');
    expect(formatBytes(2_884_802)).toBe('2.8 MB');
    expect(formatBytes(25_934_402)).toBe('24.7 MB');
  });

  it('says which clutter class the target stands in, and nothing outside the areas', () => {
    expect(targetClutterText({ clutter_class: 'trees' })).toBe('Target in trees clutter');
    expect(targetClutterText({ clutter_class: 'urban' })).toBe('Target in urban clutter');
    expect(targetClutterText({ clutter_class: null })).toBeNull();
  });
});
