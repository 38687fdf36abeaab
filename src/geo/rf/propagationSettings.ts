/**
 * How every wireless answer computes a path's loss: the model, ITM's parameters and the clutter.
 * Shared by the line-of-sight link (pathLoss.ts) and the footprint sweep (footprint.ts), so that a
 * footprint and the link it predicts use the same model. Units: metres, degrees.
 */
import { EARTH_RADIUS_M } from '../sphere.js';
import type { ItmPointToPointInput } from './itm/parameters.js';

/** itm: Longley-Rice point-to-point (src/geo/rf/itm); free_space_knife_edge: free-space loss plus one knife edge. */
export type PropagationModel = 'itm' | 'free_space_knife_edge';

/** The parameters of the radio settings that ITM takes for every path (percentages already fractions). */
export type ItmSettingsInput = Pick<
  ItmPointToPointInput,
  'relativePermittivity' | 'conductivitySPerM' | 'surfaceRefractivityN' | 'climate' | 'polarization' | 'timeFraction' | 'locationFraction' | 'situationFraction'
>;

export interface PropagationSettings {
  model: PropagationModel;
  itm: ItmSettingsInput;
  /**
   * Metres added to the terrain between the ends of every path, never at the ends themselves
   * (SPLAT!'s `-gc`): trees and buildings, for the line-of-sight verdict and the loss alike.
   */
  clutterHeightM: number;
}

/**
 * The elevation angle of a target seen from an antenna, degrees, positive above the horizon: over
 * the true earth (k = 1, as SPLAT! reports it and reads patterns by), atan(Δh / d) − d / (2R) in the
 * small-angle form, with Δh the target's height above sea level minus the antenna's and d the
 * great-circle distance, metres. What the vertical pattern is read at.
 */
export function elevationAngleDeg(distanceM: number, antennaTopAslM: number, targetTopAslM: number): number {
  if (distanceM <= 0) return 0;
  const radians = Math.atan((targetTopAslM - antennaTopAslM) / distanceM) - distanceM / (2 * EARTH_RADIUS_M);
  return (radians * 180) / Math.PI;
}
