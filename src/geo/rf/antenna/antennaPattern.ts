/**
 * An antenna pattern as the product keeps it: the peak gain and two 360-entry tables of attenuation,
 * dB below the peak (≥ 0), one entry a degree.
 *
 * - `horizontalDb[i]`: i degrees clockwise from the pattern's boresight, seen from above. A sector
 *   mounted at azimuth A sends its pattern's entry i toward the bearing A + i (degrees from true north).
 * - `verticalDb[i]`: the cut through the boresight in the vertical plane, in Planet/MSI's order:
 *   i degrees **below** the horizon ahead, going down and round: 0 the horizon ahead, 90 straight
 *   down, 180 the horizon behind, 270 straight up, 359 one degree above the horizon ahead. A depression
 *   d (positive below the horizon, −90..90) ahead is entry d mod 360. Lookups read the front half
 *   (270..359 and 0..90, as SPLAT! does); the back half is kept for drawing the cut.
 * - `tiltDeg`, `tiltAzimuthDeg`: a mechanical tilt the file itself carries (SPLAT!'s .el line), degrees,
 *   positive below the horizon, toward `tiltAzimuthDeg` degrees clockwise from the boresight; 0 for
 *   formats whose tables already hold their (electrical) tilt. A file's rotation is folded into
 *   `horizontalDb` when it is read, so both are part of the pattern; how the sector is mounted
 *   (its azimuth and down-tilt) is not (see antennaPatternDb).
 */

/** Entries in each table: one a degree. */
export const PATTERN_POINTS = 360;

/** Deepest attenuation kept, dB (a field of 0.00001): a file's zero field would otherwise be infinite. */
export const MAX_ATTENUATION_DB = 100;

/** Least and greatest peak gain accepted, dBi: wider than any antenna an ISP hangs, narrow enough to catch a unit mistaken. */
export const GAIN_RANGE_DBI = [-20, 60] as const;

/** dBd → dBi: a half-wave dipole's gain over the isotropic antenna, 2.15 dB. */
export const DIPOLE_GAIN_DBI = 2.15;

export type PatternFormat = 'planet_msi' | 'radio_mobile_ant' | 'splat' | 'builtin';

export interface AntennaPattern {
  name: string;
  format: PatternFormat;
  /** Peak gain, dBi. */
  gainDbi: number;
  /** 360 attenuations, dB below the peak, by degrees clockwise from the boresight. */
  horizontalDb: number[];
  /** 360 attenuations, dB below the peak, by degrees below the horizon ahead (Planet/MSI's order, above). */
  verticalDb: number[];
  /** The file's own mechanical tilt, degrees, positive below the horizon. */
  tiltDeg: number;
  /** Where that tilt points, degrees clockwise from the boresight. */
  tiltAzimuthDeg: number;
}

/** Attenuation, dB ≥ 0, of a normalised field strength (0..1): −20·log10(field), at most MAX_ATTENUATION_DB. */
export function fieldToAttenuationDb(field: number): number {
  return Math.min(MAX_ATTENUATION_DB, Math.max(0, -20 * Math.log10(field)));
}

/** Normalised field (0..1) of an attenuation in dB below the peak: 10^(−dB/20). */
export function attenuationDbToField(attenuationDb: number): number {
  return 10 ** (-attenuationDb / 20);
}

/** An angle in degrees brought into 0 ≤ a < 360. */
export function wrap360(angleDeg: number): number {
  const a = angleDeg % 360;
  const positive = a < 0 ? a + 360 : a;
  // A tiny negative angle plus 360 rounds to 360 itself.
  return positive >= 360 ? 0 : positive;
}

/** An angle in degrees brought into −180 < a ≤ 180. */
export function wrap180(angleDeg: number): number {
  const a = wrap360(angleDeg);
  return a > 180 ? a - 360 : a;
}
