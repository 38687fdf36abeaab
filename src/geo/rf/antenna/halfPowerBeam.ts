/**
 * The half-power (−3 dB) beam of a pattern's cut, for drawing a sector's wedge: where its peak
 * points and how wide the beam is between the two directions 3 dB below the peak.
 */
import { PATTERN_POINTS, wrap180, wrap360, type AntennaPattern } from './antennaPattern.js';

export interface HalfPowerBeam {
  /** Middle of the beam, degrees in the table's own angles (0..360; the horizontal cut: clockwise from the boresight). */
  centreDeg: number;
  /** Width between the −3 dB directions, degrees; 360 when the cut never falls 3 dB below its peak (an omni). */
  widthDeg: number;
}

const HALF_POWER_DB = 3;

/**
 * The half-power beam around the peak of a 360-entry dB table (its entry of least attenuation,
 * the first on a tie), the −3 dB crossings found linearly in dB between entries.
 */
export function halfPowerBeam(tableDb: readonly number[]): HalfPowerBeam {
  let peak = 0;
  tableDb.forEach((db, i) => {
    if (db < tableDb[peak]!) peak = i;
  });
  const threshold = tableDb[peak]! + HALF_POWER_DB;
  const reach = (step: 1 | -1): number | null => {
    for (let k = 1; k <= PATTERN_POINTS / 2; k++) {
      const inside = tableDb[wrap360(peak + step * (k - 1))]!;
      const outside = tableDb[wrap360(peak + step * k)]!;
      if (outside >= threshold) return k - 1 + (threshold - inside) / (outside - inside);
    }
    return null;
  };
  const clockwise = reach(1);
  const anticlockwise = reach(-1);
  if (clockwise === null || anticlockwise === null) return { centreDeg: peak, widthDeg: 360 };
  return { centreDeg: wrap360(peak + (clockwise - anticlockwise) / 2), widthDeg: clockwise + anticlockwise };
}

/** The horizontal half-power beam, its centre as degrees off the boresight (−180..180), for the sector's wedge. */
export function horizontalBeam(pattern: AntennaPattern): HalfPowerBeam {
  const beam = halfPowerBeam(pattern.horizontalDb);
  return { centreDeg: wrap180(beam.centreDeg), widthDeg: beam.widthDeg };
}

/** The vertical half-power beam, its centre as degrees below the horizon (−180..180; before any tilt of the file or the mount). */
export function verticalBeam(pattern: AntennaPattern): HalfPowerBeam {
  const beam = halfPowerBeam(pattern.verticalDb);
  return { centreDeg: wrap180(beam.centreDeg), widthDeg: beam.widthDeg };
}
