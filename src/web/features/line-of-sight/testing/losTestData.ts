import type { LosResult, LosTowerResult, ProfilePoint } from '../../../../common/api/lineOfSight.js';
import type { Tower } from '../../../../common/api/towers.js';

/** A straight 10 km profile over flat ground at `ground` m, ray from 130 m to 102 m, F1 at 5.8 GHz. */
export function flatProfile(ground = 100, points = 11): ProfilePoint[] {
  const lengthKm = 10;
  return Array.from({ length: points }, (_, i) => {
    const d = (lengthKm * i) / (points - 1);
    const d1 = d * 1000;
    const d2 = (lengthKm - d) * 1000;
    return {
      distance_km: d,
      terrain_m: ground,
      bulge_m: (d1 * d2) / (2 * (4 / 3) * 6_371_000),
      ray_m: 130 + ((102 - 130) * d) / lengthKm,
      fresnel_m: Math.sqrt((0.0517 * d1 * d2) / (d1 + d2 || 1)),
    };
  });
}

export function link(fields: Partial<LosTowerResult> = {}): LosTowerResult {
  return {
    tower_id: 1,
    tower_name: 'Signal Hill',
    tower_code: 'SH-1',
    has_line_of_sight: true,
    distance_km: 10,
    signal_strength: -62.4,
    signal_band: 'Excellent',
    in_range: true,
    fresnel_clearance_pct: 85.2,
    fresnel_60_clear: true,
    obstruction: { distance_km: 5, height_m: 101.5, cut_m: -14.5 },
    path_loss_db: {
      total: 127.7,
      free_space: 127.7,
      diffraction: 0,
      model: 'free_space_knife_edge',
      itm: null,
      itm_warnings: [],
      itm_refusal: null,
      clutter: 0,
      calibration: null,
    },
    required_height_m: 0,
    terrain_source: 'hgt',
    propagation_mode: null,
    antenna_pattern_db: 0,
    sector_id: null,
    sector_name: null,
    clutter_class: null,
    profile: flatProfile(),
    ...fields,
  };
}

export function losResult(results: LosTowerResult[]): LosResult {
  return {
    target: { latitude: -33.5, longitude: 18.3 },
    total_towers: results.length,
    towers_with_los: results.filter((r) => r.has_line_of_sight).length,
    results,
    terrain_source: 'hgt',
  };
}

export function tower(fields: Partial<Tower> & Pick<Tower, 'id'>): Tower {
  return {
    name: `Tower ${fields.id}`,
    code: null,
    latitude: -33.5,
    longitude: 18.2,
    height_meters: 30,
    antenna_height_meters: 0,
    frequency_ghz: 5.8,
    power_dbm: 20,
    coverage_radius_km: 10,
    description: null,
    active: true,
    installed_date: null,
    provider_id: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    sectors: [],
    ...fields,
  };
}
