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

/** The worst clearance as % of the first Fresnel zone, and whether the 60% zone is clear. */
export function formatFresnel(link: Pick<LosTowerResult, 'fresnel_clearance_pct' | 'fresnel_60_clear'>): string {
  if (link.fresnel_clearance_pct === null) return NONE;
  return `${Math.round(link.fresnel_clearance_pct)}% (60% zone ${link.fresnel_60_clear ? 'clear' : 'obstructed'})`;
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
