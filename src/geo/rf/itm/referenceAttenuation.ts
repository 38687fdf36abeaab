/**
 * The reference attenuation (the median loss relative to free space) of a point-to-point path
 * ([Algorithm, section 4], subroutine LRPROP of version 1.2.2): below the smooth-earth line-of-sight
 * distance d_Ls a line-of-sight curve, beyond it the diffraction line or, past the distance d_x
 * where they cross, the troposcatter line. Distances metres, losses dB.
 */
import { diffractionAttenuation } from './diffraction.js';
import { lineOfSightAttenuation } from './lineOfSight.js';
import { ItmWarning, type ItmErrorName } from './parameters.js';
import type { PathGeometry } from './pathGeometry.js';
import { dim } from './terrainProfile.js';
import { troposcatterAttenuation } from './troposcatter.js';

/** Which line the reference attenuation was read from. */
export type AttenuationRegion = 'line_of_sight' | 'diffraction' | 'troposcatter';

export interface ReferenceAttenuation {
  attenuationDb: number;
  region: AttenuationRegion;
  /** Diffraction-troposcatter crossover distance d_x, metres; null on a path inside d_Ls, where it is not needed. */
  scatterFromM: number | null;
  warnings: number;
}

/** NTIA's checks of the path's geometry: warning flags, or an error where the model does not apply. */
function geometryChecks(g: PathGeometry, distanceM: number): { warnings: number } | { error: ItmErrorName } {
  let warnings = 0;
  if (Math.abs(g.horizonThetaRad[0]) > 200e-3) warnings |= ItmWarning.txHorizonAngle;
  if (Math.abs(g.horizonThetaRad[1]) > 200e-3) warnings |= ItmWarning.rxHorizonAngle;
  if (g.horizonDistanceM[0] < 0.1 * g.smoothHorizonM[0]) warnings |= ItmWarning.txHorizonDistance1;
  if (g.horizonDistanceM[1] < 0.1 * g.smoothHorizonM[1]) warnings |= ItmWarning.rxHorizonDistance1;
  if (g.horizonDistanceM[0] > 3 * g.smoothHorizonM[0]) warnings |= ItmWarning.txHorizonDistance2;
  if (g.horizonDistanceM[1] > 3 * g.smoothHorizonM[1]) warnings |= ItmWarning.rxHorizonDistance2;
  if (g.surfaceRefractivity < 150) return { error: 'surfaceRefractivitySmall' };
  if (g.surfaceRefractivity > 400) return { error: 'surfaceRefractivityLarge' };
  if (g.surfaceRefractivity < 250) warnings |= ItmWarning.surfaceRefractivity;
  const earthRadiusM = 1 / g.curvaturePerM;
  if (earthRadiusM < 4e6 || earthRadiusM > 13_333_333) return { error: 'effectiveEarth' };
  if (g.groundImpedance.re <= Math.abs(g.groundImpedance.im)) return { error: 'groundImpedance' };
  if (distanceM < Math.abs(g.effectiveHeightsM[0] - g.effectiveHeightsM[1]) / 200e-3) warnings |= ItmWarning.pathDistanceTooSmall1;
  if (distanceM < 1e3) warnings |= ItmWarning.pathDistanceTooSmall2;
  if (distanceM > 1000e3) warnings |= ItmWarning.pathDistanceTooBig1;
  if (distanceM > 2000e3) warnings |= ItmWarning.pathDistanceTooBig2;
  return { warnings };
}

export function referenceAttenuation(g: PathGeometry, distanceM: number): ReferenceAttenuation | { error: ItmErrorName } {
  const checked = geometryChecks(g, distanceM);
  if ('error' in checked) return checked;
  const { warnings } = checked;

  // The diffraction line through two distances well past the horizons.
  const diffraction = diffractionAttenuation(g);
  const scale = (g.waveNumber * g.curvaturePerM ** 2) ** (-1 / 3);
  const d3 = Math.max(g.smoothLineOfSightM, 1.3787 * scale + g.lineOfSightM);
  const d4 = d3 + 2.7574 * scale;
  const a3 = diffraction(d3);
  const a4 = diffraction(d4);
  const slope = (a4 - a3) / (d4 - d3);
  const intercept = a3 - slope * d3;
  const atLeast0 = (attenuationDb: number) => Math.max(attenuationDb, 0);

  if (distanceM < g.smoothLineOfSightM) {
    // Line of sight: A_el + k_1·d + k_2·ln(d), fitted to the two-ray curve at d_0 and d_1 and to the
    // diffraction line at d_Ls.
    const los = lineOfSightAttenuation(g, slope, intercept);
    const d2 = g.smoothLineOfSightM;
    const a2 = intercept + d2 * slope;
    let d0 = 1.908 * g.waveNumber * g.effectiveHeightsM[0] * g.effectiveHeightsM[1];
    let d1: number;
    if (intercept >= 0) {
      d0 = Math.min(d0, 0.5 * g.lineOfSightM);
      d1 = d0 + 0.25 * (g.lineOfSightM - d0);
    } else d1 = Math.max(-intercept / slope, 0.25 * g.lineOfSightM);
    const a1 = los(d1);
    let k1 = 0;
    let k2 = 0;
    let fitted = false;
    if (d0 < d1) {
      const a0 = los(d0);
      const q = Math.log(d2 / d0);
      k2 = Math.max(0, ((d2 - d0) * (a1 - a0) - (d1 - d0) * (a2 - a0)) / ((d2 - d0) * Math.log(d1 / d0) - (d1 - d0) * q));
      fitted = intercept >= 0 || k2 > 0;
      if (fitted) {
        k1 = (a2 - a0 - k2 * q) / (d2 - d0);
        if (k1 < 0) {
          k1 = 0;
          k2 = dim(a2, a0) / q;
          if (k2 === 0) k1 = slope;
        }
      }
    }
    if (!fitted) {
      k1 = dim(a2, a1) / (d2 - d1);
      k2 = 0;
      if (k1 === 0) k1 = slope;
    }
    const base = a2 - k1 * d2 - k2 * Math.log(d2);
    return { attenuationDb: atLeast0(base + k1 * distanceM + k2 * Math.log(distanceM)), region: 'line_of_sight', scatterFromM: null, warnings };
  }

  // Beyond the horizons: the troposcatter line through d_5 and d_6 (asked in that order, d_6 first,
  // as ITM does, for H_0's memory), and where it falls below the diffraction line.
  const scatter = troposcatterAttenuation(g);
  const d5 = g.lineOfSightM + 200e3;
  const d6 = d5 + 200e3;
  const a6 = scatter(d6);
  const a5 = scatter(d5);
  let scatterSlope = slope;
  let scatterIntercept = intercept;
  let scatterFromM = 10e6;
  if (a5 < 1000) {
    scatterSlope = (a6 - a5) / 200e3;
    scatterFromM = Math.max(
      g.smoothLineOfSightM,
      g.lineOfSightM + 0.3 * scale * Math.log(47.7 * g.waveNumber),
      (a5 - intercept - scatterSlope * d5) / (slope - scatterSlope),
    );
    scatterIntercept = (slope - scatterSlope) * scatterFromM + intercept;
  }
  return distanceM > scatterFromM
    ? { attenuationDb: atLeast0(scatterIntercept + scatterSlope * distanceM), region: 'troposcatter', scatterFromM, warnings }
    : { attenuationDb: atLeast0(intercept + slope * distanceM), region: 'diffraction', scatterFromM, warnings };
}
