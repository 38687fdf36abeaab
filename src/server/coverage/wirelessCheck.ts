import type { WirelessFeasibility } from '../../common/api/coverage.js';
import { LEAST_SHOWN_PROBABILITY } from '../../common/serviceLikelihood.js';

/**
 * The wireless part of coverage checks, as one coverage revision knows it (its towers). Unlike the
 * polygon part, answering may read storage (footprints, terrain tiles): the engine bounds its wait.
 */
export interface WirelessCheck {
  /** The wireless feasibility at a point (degrees); may throw, and the engine then answers WIRELESS_UNAVAILABLE. */
  assess(point: { lat: number; lng: number }): Promise<WirelessFeasibility>;
}

/**
 * Where the engine gets its wireless check, once per coverage revision. Coverage does not depend
 * on towers or line of sight: this is implemented above them (server/line-of-sight/) and handed in.
 */
export interface WirelessSource {
  /** Reads what the check needs; starts nothing else. */
  load(): Promise<WirelessCheck>;
}

/**
 * The towers that serve the point of a wireless answer: those whose own chance of service reaches
 * the least the public results show (LEAST_SHOWN_PROBABILITY), as the best's makes wireless
 * available. None when it is not available.
 */
export function servingTowers(answer: WirelessFeasibility): number[] {
  if (!answer.wireless_available) return [];
  return answer.tower_distances.filter((tower) => (tower.probability ?? 0) >= LEAST_SHOWN_PROBABILITY).map((tower) => tower.tower_id);
}
