/**
 * Filling the vertical table (Planet/MSI's order, antennaPattern.ts) from a cut known only ahead of
 * the antenna, as SPLAT! .el files and Radio Mobile's shorter files give it.
 */
import { PATTERN_POINTS } from './antennaPattern.js';

/**
 * The depression ahead, degrees (positive below the horizon, −90..90), that vertical entry i shows:
 * itself ahead (0..90 and 270..359), its mirror image for the entries behind (91..269), so that a
 * cut known only ahead draws as a symmetric figure.
 */
export function frontDepressionOfEntry(i: number): number {
  if (i <= 90) return i;
  if (i >= 270) return i - PATTERN_POINTS;
  return 180 - i;
}

/** A 360-entry vertical table, dB, from the attenuation at each depression ahead (−90..90 degrees). */
export function verticalTableFromFront(attenuationDbAt: (depressionDeg: number) => number): number[] {
  return Array.from({ length: PATTERN_POINTS }, (_, i) => attenuationDbAt(frontDepressionOfEntry(i)));
}
