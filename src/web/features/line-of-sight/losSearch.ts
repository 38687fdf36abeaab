import { parseDecimal } from '../../../common/api/fields.js';
import { DEFAULT_TARGET_HEIGHT_M, MAX_TARGET_HEIGHT_M } from '../../../common/api/lineOfSight.js';
import type { LatLng } from '../../map/mapTypes.js';

/** The Line of Sight map before and after a target is chosen. */
export const LOS_DEFAULT_CENTER: LatLng = { lat: -33.9249, lng: 18.4241 };
export const LOS_DEFAULT_ZOOM = 10;
export const LOS_TARGET_ZOOM = 14;

/** The Target Height input's range and step, metres. */
export const TARGET_HEIGHT_INPUT = { min: 0, max: MAX_TARGET_HEIGHT_M, step: 0.5 } as const;
export const DEFAULT_TARGET_HEIGHT_TEXT = String(DEFAULT_TARGET_HEIGHT_M);

/** The Line of Sight screen's messages: failures, and the empty results panel. */
export const LOS_MESSAGES = {
  locationNotFound: 'Location not found. Try using coordinates instead.',
  searchFailed: 'Failed to search for location',
  analysisFailed: 'Failed to perform line of sight analysis',
  empty: 'Search for a location to perform line of sight analysis.',
} as const;

/** The target height typed, or the default (2 m) when it is not a number from 0 to 100. */
export function targetHeightOf(text: string): number {
  const value = parseDecimal(text);
  if (Number.isNaN(value) || value < TARGET_HEIGHT_INPUT.min || value > TARGET_HEIGHT_INPUT.max) return DEFAULT_TARGET_HEIGHT_M;
  return value;
}

/** The Tower Filter's closed text; no selection means every active tower. */
export function towerFilterLabel(selectedCount: number): string {
  return selectedCount === 0 ? 'All active towers' : `${selectedCount} towers selected`;
}

/**
 * tower_ids goes with the check only when the selection is a non-empty subset of
 * the towers on offer (ids no longer on offer are dropped first). Ascending, comma-separated.
 */
export function towerIdsParam(selected: readonly number[], available: readonly number[]): string | undefined {
  const offered = new Set(available);
  const chosen = [...new Set(selected.filter((id) => offered.has(id)))].sort((a, b) => a - b);
  if (chosen.length === 0 || chosen.length === offered.size) return undefined;
  return chosen.join(',');
}

/** How a point chosen on the map is written into the search box: decimal "lat, lng", 6 decimals (about 0.1 m). */
export function formatTarget(point: LatLng): string {
  return `${point.lat.toFixed(6)}, ${point.lng.toFixed(6)}`;
}

/** One analysis to run: GET /api/line-of-sight/check. */
export interface LosRequest {
  lat: number;
  lng: number;
  /** Target antenna height above ground, metres. */
  height: number;
  /** Comma list, present only for a subset (towerIdsParam). */
  towerIds?: string;
}

export function losCheckPath(request: LosRequest): string {
  const params = new URLSearchParams({ lat: String(request.lat), lng: String(request.lng), height: String(request.height) });
  if (request.towerIds) params.set('tower_ids', request.towerIds);
  return `/line-of-sight/check?${params}`;
}

export function sameRequest(a: LosRequest | null, b: LosRequest | null): boolean {
  if (a === null || b === null) return a === b;
  return a.lat === b.lat && a.lng === b.lng && a.height === b.height && a.towerIds === b.towerIds;
}
