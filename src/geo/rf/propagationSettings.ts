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
  /**
   * The classes of clutter areas (common/api/clutterAreas.ts CLUTTER_CLASSES order): inside an area
   * its class's height replaces clutterHeightM on the samples between the ends, and a receiver
   * standing in one loses its extra loss (clutterMap.ts). Absent: no class (no areas apply).
   */
  clutterClasses?: readonly ClutterClassRadio[];
}

/** One clutter class as a path takes it: metres above the terrain, and the receiver's extra loss in dB. */
export interface ClutterClassRadio {
  heightM: number;
  extraLossDb: number;
}

/**
 * Per sample, a class number: 0 outside every clutter area, k inside one of class clutterClasses[k − 1]
 * (the encoding of clutterMap.ts, on a path and on a footprint's grid alike).
 */
export type ClutterClassCodes = Uint8Array;

/** The clutter height of a sample of class `code` (0: the uniform height), metres. */
export function clutterHeightOf(settings: Pick<PropagationSettings, 'clutterHeightM' | 'clutterClasses'>, code: number): number {
  return code === 0 ? settings.clutterHeightM : (settings.clutterClasses?.[code - 1]?.heightM ?? settings.clutterHeightM);
}

/** The extra loss of a receiver standing in class `code` (terminal clutter loss, ITU-R P.2108's idea), dB; 0 outside every area. */
export function clutterExtraLossOf(settings: Pick<PropagationSettings, 'clutterClasses'>, code: number): number {
  return code === 0 ? 0 : (settings.clutterClasses?.[code - 1]?.extraLossDb ?? 0);
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
