import { CLUTTER_CLASS_LABELS } from '../../../common/api/clutterAreas.js';
import type { LosResult, LosTowerResult, TerrainSource } from '../../../common/api/lineOfSight.js';

/** The best tower, the first with clear line of sight (results come clear first). */
export function optimalTowerId(result: Pick<LosResult, 'results'> | undefined): number | null {
  return result?.results.find((link) => link.has_line_of_sight)?.tower_id ?? null;
}

/** The tower whose profile is shown: the one chosen if it is in the results, else the optimal, else the first. */
export function shownTowerId(result: Pick<LosResult, 'results'> | undefined, chosen: number | null): number | null {
  if (!result || result.results.length === 0) return null;
  if (chosen !== null && result.results.some((link) => link.tower_id === chosen)) return chosen;
  return optimalTowerId(result) ?? result.results[0]!.tower_id;
}

export type LinkVerdict = 'clear' | 'blocked' | 'out_of_range';

export function linkVerdict(link: Pick<LosTowerResult, 'has_line_of_sight' | 'in_range'>): LinkVerdict {
  if (!link.in_range) return 'out_of_range';
  return link.has_line_of_sight ? 'clear' : 'blocked';
}

export const VERDICT_LABELS: Record<LinkVerdict, string> = {
  clear: 'Clear',
  blocked: 'Blocked',
  out_of_range: 'Out of range',
};

const NONE = '—';

export function formatDistance(km: number): string {
  return km < 10 ? `${km.toFixed(2)} km` : `${km.toFixed(1)} km`;
}

/** "-62.4 dBm (Excellent)"; a tower out of range has no signal. */
export function formatSignal(link: Pick<LosTowerResult, 'signal_strength' | 'signal_band'>): string {
  if (link.signal_strength === null) return NONE;
  return `${link.signal_strength.toFixed(1)} dBm (${link.signal_band})`;
}

/** Beyond ±100 % of the first Fresnel zone a percentage stops meaning much to a planner. */
const FRESNEL_PCT_SHOWN = 100;

/** "42 m", or "0.8 m" under 10 m, where a whole metre would say too little. */
function formatMetres(metres: number): string {
  return metres < 10 ? `${metres.toFixed(1)} m` : `${Math.round(metres)} m`;
}

/**
 * The worst Fresnel clearance as a planner reads it, the same in the results and under the profile:
 * below -100 % the height by which the worst obstruction rises above the line of sight and how far
 * it stands from the tower ("blocked by 42 m at 3.2 km"); above 100 % "clear (240%)"; in between
 * the percentage of the first zone, and whether its 60 % is clear.
 */
export function formatFresnel(link: Pick<LosTowerResult, 'fresnel_clearance_pct' | 'fresnel_60_clear'> & Partial<Pick<LosTowerResult, 'obstruction'>>): string {
  const pct = link.fresnel_clearance_pct;
  if (pct === null) return NONE;
  const obstruction = link.obstruction ?? null;
  if (pct < -FRESNEL_PCT_SHOWN && obstruction && obstruction.cut_m > 0) {
    return `blocked by ${formatMetres(obstruction.cut_m)} at ${obstruction.distance_km.toFixed(1)} km`;
  }
  if (pct > FRESNEL_PCT_SHOWN) return `clear (${Math.round(pct)}%)`;
  return `${Math.round(pct)}% (60% zone ${link.fresnel_60_clear ? 'clear' : 'obstructed'})`;
}

export function formatRequiredHeight(metres: number | null): string {
  return metres === null ? NONE : `${metres.toFixed(1)} m`;
}

export const TERRAIN_SOURCE_LABELS: Record<TerrainSource, string> = {
  hgt: 'SRTM tiles (.hgt)',
  terrarium: 'Terrarium tiles',
  flat: 'Flat ground',
};

export function formatTerrainSource(source: TerrainSource | null): string {
  return source === null ? NONE : TERRAIN_SOURCE_LABELS[source];
}

/** The note under the profile chart: where its terrain came from. */
export function terrainNote(link: Pick<LosTowerResult, 'terrain_source' | 'in_range' | 'tower_name'>): string {
  if (!link.in_range || link.terrain_source === null) return `${link.tower_name} is beyond its coverage radius: the path is not analysed.`;
  switch (link.terrain_source) {
    case 'flat':
      return 'Flat ground: no terrain data for this path';
    case 'hgt':
      return 'Terrain from the uploaded SRTM tiles (.hgt), with the earth’s curvature (k = 4/3)';
    case 'terrarium':
      return 'Terrain from Terrarium elevation tiles, with the earth’s curvature (k = 4/3)';
  }
}

/** A tile's resolution, 1″ or 3″, and its size in MB. */
export function formatArcSeconds(arcSeconds: number): string {
  return `${arcSeconds}″`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Where the target stands among the clutter areas: "Target in trees clutter"; null outside them. */
export function targetClutterText(link: Pick<LosTowerResult, 'clutter_class'>): string | null {
  return link.clutter_class ? `Target in ${CLUTTER_CLASS_LABELS[link.clutter_class].toLowerCase()} clutter` : null;
}
