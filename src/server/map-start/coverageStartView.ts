import type { StartView } from '../../common/api/mapStart.js';
import { START_VIEW_FIT, START_VIEW_NOMINAL_VIEWPORT } from '../../common/mapDefaults.js';
import { circleBox, fitBox, type GeoBox, unionOfBoxes } from '../../geo/mapExtent.js';

/** An active tower as the start view sees it: its position (degrees), coverage radius and the reach of its footprint when ready. */
export interface TowerExtent {
  latitude: number;
  longitude: number;
  coverage_radius_km: number;
  /** The box its current footprint reaches; undefined while it has none (its coverage circle stands in). */
  reach: GeoBox | undefined;
}

/**
 * "Fit to my coverage": the box of the live layers and of each active tower's footprint (its
 * coverage circle while the footprint is not ready), with the camera that fits it into a 1280x800
 * window. Null when there is no coverage at all: each map then opens on its own fixed point.
 */
export function coverageStartView(layerBoxes: readonly GeoBox[], towers: readonly TowerExtent[]): StartView | null {
  const towerBoxes = towers.map((tower) => tower.reach ?? circleBox(tower.latitude, tower.longitude, tower.coverage_radius_km));
  const bounds = unionOfBoxes([...layerBoxes, ...towerBoxes]);
  if (bounds === null) return null;
  return { source: 'coverage', ...fitBox(bounds, { ...START_VIEW_NOMINAL_VIEWPORT, ...START_VIEW_FIT }), bounds };
}
