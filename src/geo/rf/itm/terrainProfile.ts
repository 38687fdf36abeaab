/**
 * What ITM reads from the terrain profile ([Algorithm, section 3]; subroutines HZNS, Z1SQ1, D1THX and
 * QLRPFL of version 1.2.2): the horizons, the terrain irregularity Δh and the effective antenna
 * heights. A profile is the elevations (metres above sea level) at points 0..n, `spacingM` apart,
 * point 0 under the transmitter and point n under the receiver; distances are metres from the
 * transmitter, angles radians above the horizontal (small-angle approximations throughout).
 */

/** Positive difference max(x - y, 0) (Fortran's DIM). */
export const dim = (x: number, y: number) => (x > y ? x - y : 0);

export interface Horizons {
  /** Horizon elevation angles seen from each terminal (transmitter, receiver), radians. */
  thetaRad: [number, number];
  /** Distance from each terminal to its horizon, metres (the path length on a line-of-sight path). */
  distanceM: [number, number];
}

/**
 * The terminals' horizons [TN101, eq. 6.15]: the profile point each terminal sees at the
 * highest angle on an earth of curvature `curvaturePerM`, or the other terminal when nothing rises
 * above the line between them.
 */
export function findHorizons(profileM: ArrayLike<number>, spacingM: number, heightsM: [number, number], curvaturePerM: number): Horizons {
  const n = profileM.length - 1;
  const distance = n * spacingM;
  const txM = profileM[0]! + heightsM[0];
  const rxM = profileM[n]! + heightsM[1];
  const halfCurvature = 0.5 * curvaturePerM;
  const slope = (rxM - txM) / distance;
  const thetaRad: [number, number] = [slope - halfCurvature * distance, -slope - halfCurvature * distance];
  const distanceM: [number, number] = [distance, distance];
  let fromTx = 0;
  let fromRx = distance;
  // The receiver's horizon can only lie beyond the transmitter's (a point below the line between the
  // terminals hides nothing), so it is looked for once the transmitter has one, as HZNS does.
  let txHasHorizon = false;
  for (let i = 1; i < n; i++) {
    fromTx += spacingM;
    fromRx -= spacingM;
    const z = profileM[i]!;
    const aboveTx = z - (halfCurvature * fromTx + thetaRad[0]) * fromTx - txM;
    if (aboveTx > 0) {
      thetaRad[0] += aboveTx / fromTx;
      distanceM[0] = fromTx;
      txHasHorizon = true;
    }
    if (txHasHorizon) {
      const aboveRx = z - (halfCurvature * fromRx + thetaRad[1]) * fromRx - rxM;
      if (aboveRx > 0) {
        thetaRad[1] += aboveRx / fromRx;
        distanceM[1] = fromRx;
      }
    }
  }
  return { thetaRad, distanceM };
}

/**
 * Least-squares straight line through the profile between `fromM` and `toM` (widened to at least
 * one interval), evaluated at both ends of the whole path: [at point 0, at point n], metres
 * [Algorithm, section 3, subroutine Z1SQ1].
 */
export function fitLine(profileM: ArrayLike<number>, spacingM: number, fromM: number, toM: number): [number, number] {
  const n = profileM.length - 1;
  let first = Math.trunc(dim(fromM / spacingM, 0));
  let last = n - Math.trunc(dim(n, toM / spacingM));
  if (last <= first) {
    first = dim(first, 1);
    last = n - dim(n, last + 1);
  }
  const count = last - first;
  let x = -0.5 * count;
  const middle = last + x;
  let sum = 0.5 * (profileM[first]! + profileM[last]!);
  let moment = 0.5 * (profileM[first]! - profileM[last]!) * x;
  for (let i = first + 1; i < last; i++) {
    x += 1;
    sum += profileM[i]!;
    moment += profileM[i]! * x;
  }
  const mean = sum / count;
  const slope = (moment * 12) / ((count * count + 2) * count);
  return [mean - slope * middle, mean + slope * (n - middle)];
}

/**
 * Terrain irregularity Δh, metres [Algorithm, section 3, subroutine D1THX; ERL 79-ITS 67, eq. 3]: the profile between
 * `fromM` and `toM` resampled at 10·k - 5 points (k = 4..25), less its least-squares line; the spread
 * between the deviations exceeded by 10 % and by 90 % of the points, scaled up to the asymptotic
 * value for an infinite path (÷ (1 - 0.8·exp(-d/50 km))). 0 under two intervals.
 */
export function terrainIrregularityM(profileM: ArrayLike<number>, spacingM: number, fromM: number, toM: number): number {
  const n = profileM.length - 1;
  let position = fromM / spacingM;
  const end = toM / spacingM;
  if (end - position < 2) return 0;
  const tenth = Math.min(Math.max(4, Math.trunc(0.1 * (end - position + 8))), 25);
  const count = 10 * tenth - 5;
  const step = (end - position) / (count - 1);
  const { samples, belowUpper } = IRREGULARITY_SAMPLES[tenth]!;
  // Linear interpolation at `index + position`, position in (-1, 0].
  let index = Math.trunc(position + 1);
  position -= index;
  for (let j = 0; j < count; j++) {
    while (position > 0 && index < n) {
      position -= 1;
      index++;
    }
    samples[j] = profileM[index]! + (profileM[index]! - profileM[index - 1]!) * position;
    position += step;
  }
  const [start, stop] = fitLine(samples, 1, 0, count - 1);
  const rise = (stop - start) / (count - 1);
  for (let j = 0; j < count; j++) samples[j] = samples[j]! - (start + rise * j);
  // The deviations exceeded by 10 % and by 90 % of the points: the tenth-largest and the
  // tenth-smallest, picked without sorting (the sort was most of an ITM call's time; a footprint
  // makes one call a cell).
  const upper = selectInPlace(samples, count - tenth);
  // Selection leaves the smaller values before the one it picked: the lower decile is among them.
  const lower = selectInPlace(belowUpper, tenth - 1);
  const spread = upper - lower;
  return spread / (1 - 0.8 * Math.exp(-(toM - fromM) / 50e3));
}

/**
 * Room for the 10·k − 5 resampled points of terrainIrregularityM (k = 4..25, by index k), and the
 * part of it below the upper decile, reused across calls (JavaScript runs one call at a time): views
 * made once, as a footprint makes a call a cell.
 */
const IRREGULARITY_SAMPLES = (() => {
  const buffer = new Float64Array(245);
  return Array.from({ length: 26 }, (_, tenth) => ({
    samples: buffer.subarray(0, Math.max(0, 10 * tenth - 5)),
    belowUpper: buffer.subarray(0, Math.max(0, 9 * tenth - 5)),
  }));
})();

/**
 * The value that would stand at index `k` of `values` sorted ascending (Hoare's selection, in
 * place: `values` is reordered so that no value before index k is greater). The same number a sort
 * gives, so Δh is unchanged to the bit.
 */
export function selectInPlace(values: Float64Array, k: number): number {
  let left = 0;
  let right = values.length - 1;
  while (left < right) {
    const pivot = values[(left + right) >> 1]!;
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k]!;
}

export interface ProfileGeometry extends Horizons {
  /** Path length, metres. */
  pathM: number;
  /** Terrain irregularity Δh, metres. */
  deltaHM: number;
  /** Effective antenna heights above the terrain's fitted line, metres (transmitter, receiver). */
  effectiveHeightsM: [number, number];
}

/**
 * The profile's geometry for the reference attenuation [Algorithm, section 3, subroutine QLRPFL].
 * Δh is taken between 15 antenna heights (or a tenth of the horizon distance, if less) from each
 * end. The effective heights stand above a least-squares line through the terrain in front of each
 * antenna: on a line-of-sight path (horizons together over 1.5 × the path) one line over the whole
 * path, and the horizons and their angles are then those of a smooth earth with that roughness
 * (raised to span the path if they fall short); on a transhorizon path a line from each antenna to
 * 0.9 of its horizon.
 */
export function profileGeometry(profileM: ArrayLike<number>, spacingM: number, heightsM: [number, number], curvaturePerM: number): ProfileGeometry {
  const n = profileM.length - 1;
  const pathM = n * spacingM;
  const { thetaRad, distanceM } = findHorizons(profileM, spacingM, heightsM, curvaturePerM);
  const startM = Math.min(15 * heightsM[0], 0.1 * distanceM[0]);
  const endM = pathM - Math.min(15 * heightsM[1], 0.1 * distanceM[1]);
  const deltaHM = terrainIrregularityM(profileM, spacingM, startM, endM);
  const above = (heightM: number, groundM: number, fitM: number) => heightM + dim(groundM, fitM);
  let effectiveHeightsM: [number, number];
  if (distanceM[0] + distanceM[1] > 1.5 * pathM) {
    const [fitTx, fitRx] = fitLine(profileM, spacingM, startM, endM);
    effectiveHeightsM = [above(heightsM[0], profileM[0]!, fitTx), above(heightsM[1], profileM[n]!, fitRx)];
    const smoothHorizon = (heightM: number) => Math.sqrt((2 * heightM) / curvaturePerM) * Math.exp(-0.07 * Math.sqrt(deltaHM / Math.max(heightM, 5)));
    distanceM[0] = smoothHorizon(effectiveHeightsM[0]);
    distanceM[1] = smoothHorizon(effectiveHeightsM[1]);
    const horizonsM = distanceM[0] + distanceM[1];
    if (horizonsM <= pathM) {
      // A line-of-sight path longer than its smooth-earth horizons: raise the effective heights
      // until the horizons reach across it.
      const scale = (pathM / horizonsM) ** 2;
      for (const j of [0, 1] as const) {
        effectiveHeightsM[j] *= scale;
        distanceM[j] = smoothHorizon(effectiveHeightsM[j]);
      }
    }
    for (const j of [0, 1] as const) {
      const smoothM = Math.sqrt((2 * effectiveHeightsM[j]) / curvaturePerM);
      thetaRad[j] = (0.65 * deltaHM * (smoothM / distanceM[j] - 1) - 2 * effectiveHeightsM[j]) / smoothM;
    }
  } else {
    const [fitTx] = fitLine(profileM, spacingM, startM, 0.9 * distanceM[0]);
    const [, fitRx] = fitLine(profileM, spacingM, pathM - 0.9 * distanceM[1], endM);
    effectiveHeightsM = [above(heightsM[0], profileM[0]!, fitTx), above(heightsM[1], profileM[n]!, fitRx)];
  }
  return { pathM, deltaHM, effectiveHeightsM, thetaRad, distanceM };
}
