/**
 * The gain of a mounted antenna toward a target.
 *
 * Conventions (degrees throughout):
 * - bearings and azimuths clockwise from true north; the mount's `azimuthDeg` is where the pattern's
 *   entry 0 (its boresight, after the file's own rotation) points;
 * - `elevationDeg` of the target as seen from the antenna, **positive above** the horizon (the
 *   usual sense of an elevation angle; SPLAT!'s report prints the same figure);
 * - tilts **positive below** the horizon (down-tilt), as SPLAT! and vendors write them.
 *
 * The attenuation is the horizontal table at (bearing − azimuth) plus the vertical table at the
 * target's depression relative to the tilted boresight, each read linearly in field between entries
 * (SPLAT!'s rule), so the two multiply as fields, as SPLAT! combines its .az and .el tables.
 *
 * A tilt acts by bearing: full toward the direction it points, none square to it, reversed behind
 * (a down-tilt is an up-tilt toward the back of a sector). The share is SPLAT!'s (LoadPAT in
 * splat.cpp, 1.4.2): linear in the angle φ off the tilt's direction, 1 − |φ|/90 (1 ahead, 0 at ±90°,
 * −1 behind), a triangle wave where the geometric projection of a small tilt would be cos φ; the two
 * agree ahead, square and behind, and differ by at most 0.21 × tilt in between (at φ ≈ 40°). We use
 * SPLAT!'s so that our figures agree with it (test/splatAntenna.test.ts checks it against SPLAT! itself).
 */
import { wrap180, type AntennaPattern } from './antennaPattern.js';
import { attenuationAt } from './patternTable.js';

/** How a sector holds its antenna. */
export interface AntennaMount {
  /** Where the pattern's boresight points, degrees clockwise from true north. */
  azimuthDeg: number;
  /** Mechanical down-tilt, degrees, positive below the horizon. */
  downtiltDeg: number;
}

/**
 * The share of a tilt felt toward a bearing φ degrees off the tilt's direction: SPLAT!'s
 * 1 − |φ|/90 (1 toward it, 0 square to it, −1 behind).
 */
export function tiltShare(offTiltDirectionDeg: number): number {
  return 1 - Math.abs(wrap180(offTiltDirectionDeg)) / 90;
}

/** The down-tilt felt toward a bearing (degrees, positive below the horizon): the mount's and the file's own, each by its share. */
export function tiltTowardDeg(pattern: AntennaPattern, mount: AntennaMount, bearingDeg: number): number {
  const offBoresight = bearingDeg - mount.azimuthDeg;
  return mount.downtiltDeg * tiltShare(offBoresight) + pattern.tiltDeg * tiltShare(offBoresight - pattern.tiltAzimuthDeg);
}

/**
 * The pattern's attenuation toward a target, dB ≤ 0 (0 at the peak): what the API calls
 * `antenna_pattern_db`. Depressions relative to the tilted boresight beyond ±90 degrees are held at ±90.
 */
export function antennaPatternDb(pattern: AntennaPattern, mount: AntennaMount, bearingDeg: number, elevationDeg: number): number {
  const horizontalDb = attenuationAt(pattern.horizontalDb, bearingDeg - mount.azimuthDeg);
  const depressionDeg = Math.max(-90, Math.min(90, -elevationDeg - tiltTowardDeg(pattern, mount, bearingDeg)));
  const verticalDb = attenuationAt(pattern.verticalDb, depressionDeg);
  return 0 - (horizontalDb + verticalDb);
}

/** The antenna's gain toward a target, dBi: the peak gain plus antennaPatternDb. */
export function gainTowardDbi(pattern: AntennaPattern, mount: AntennaMount, bearingDeg: number, elevationDeg: number): number {
  return pattern.gainDbi + antennaPatternDb(pattern, mount, bearingDeg, elevationDeg);
}
