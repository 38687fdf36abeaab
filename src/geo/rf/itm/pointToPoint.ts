/**
 * Our implementation of the ITS Irregular Terrain Model (Longley-Rice) in point-to-point mode,
 * written from G. A. Hufford, "The ITS Irregular Terrain Model, version 1.2.2, the Algorithm"
 * (NTIA/ITS, 1999), with NTIA's C++ code (github.com/NTIA/itm, v1.4, documented as functionally
 * identical) read to learn its error codes and warnings. Pure: no I/O.
 *
 * Conventions: the profile runs from the transmitter to the receiver, elevations in metres above sea
 * level at equal spacing in metres; antenna heights metres above ground; frequency MHz; losses dB
 * (positive: weaker than the transmitted signal); variabilities are fractions (0.5 = 50 %).
 */
import { type Complex, effectiveEarthCurvaturePerM, groundImpedance, surfaceRefractivityN, waveNumberPerM } from './atmosphereAndGround.js';
import { type ItmErrorName, type ItmParameters, type ItmPointToPointInput, type ItmWarningName, ItmError, validateInputs, warningNames } from './parameters.js';
import { pathGeometry } from './pathGeometry.js';
import { type AttenuationRegion, referenceAttenuation } from './referenceAttenuation.js';
import { profileGeometry } from './terrainProfile.js';
import { attenuationWithVariability } from './variability.js';

/**
 * The propagation mode as SPLAT! names it ("Line-Of-Sight Mode", "Single Horizon, Diffraction
 * Dominant", …): from the horizons, not from the region of the reference attenuation. The path is
 * line of sight when the horizon distances add up to more than the path (d - d_L ≤ -1 m: SPLAT!
 * truncates d - d_L to whole metres), single-horizon when both terminals see the same point (d = d_L
 * within 1 m), else double-horizon; past the diffraction-troposcatter crossover it is troposcatter.
 */
export type PropagationMode =
  'line_of_sight' | 'single_horizon_diffraction' | 'double_horizon_diffraction' | 'single_horizon_troposcatter' | 'double_horizon_troposcatter';

export interface ItmDetails {
  /** Which line of the reference attenuation gave the loss (NTIA's "mode of propagation"). */
  region: AttenuationRegion;
  /** Reference attenuation (median, relative to free space), dB. */
  referenceAttenuationDb: number;
  pathM: number;
  surfaceRefractivityN: number;
  effectiveEarthRadiusM: number;
  terrainIrregularityM: number;
  effectiveHeightsM: [number, number];
  horizonDistancesM: [number, number];
  horizonAnglesRad: [number, number];
}

export type ItmResult =
  | {
      ok: true;
      /** Basic transmission loss at the requested quantiles, dB. */
      lossDb: number;
      /** Free-space loss over the profile's length, dB, as ITM writes it: 32.45 + 20·log10(f MHz) + 20·log10(d km). */
      freeSpaceLossDb: number;
      mode: PropagationMode;
      /** NTIA's warning flags (ItmWarning); 0 when none. */
      warnings: number;
      warningNames: ItmWarningName[];
      details: ItmDetails;
    }
  | {
      ok: false;
      /** NTIA's return code (ItmError). */
      errorCode: number;
      error: ItmErrorName;
    };

function refused(error: ItmErrorName): ItmResult {
  return { ok: false, errorCode: ItmError[error], error };
}

export function freeSpaceLossDb(distanceM: number, frequencyMHz: number): number {
  return 32.45 + 20 * Math.log10(frequencyMHz) + 20 * Math.log10(distanceM / 1000);
}

/** Mean elevation of the profile without its first and last tenth, metres (what lowers N_0 to N_s). */
export function meanPathElevationM(profileM: ArrayLike<number>): number {
  const n = profileM.length - 1;
  const tenth = Math.trunc(0.1 * n);
  let sum = 0;
  for (let i = tenth; i <= n - tenth; i++) sum += profileM[i]!;
  return sum / (n - 2 * tenth + 1);
}

function propagationMode(pathM: number, lineOfSightM: number, region: AttenuationRegion): PropagationMode {
  const gapM = Math.trunc(pathM - lineOfSightM);
  if (gapM < 0) return 'line_of_sight';
  const horizon = gapM === 0 ? 'single_horizon' : 'double_horizon';
  return region === 'troposcatter' ? `${horizon}_troposcatter` : `${horizon}_diffraction`;
}

/** The loss of one path by ITM in point-to-point mode; defaults as ITM_DEFAULTS. */
export function itmPointToPoint(input: ItmPointToPointInput): ItmResult {
  const validated = validateInputs(input);
  if (!validated.ok) return refused(validated.error);
  const p = validated.parameters;
  const inputs = itmPathInputs(p);
  const path = predictPath(p, p.profileM, p.spacingM, inputs.waveNumber, inputs.groundImpedance);
  if ('error' in path) return refused(path.error);
  const { profile, geometry, reference, variable } = path;
  const freeSpaceDb = freeSpaceLossDb(profile.pathM, p.frequencyMHz);
  const warnings = validated.warnings | reference.warnings | variable.warnings;
  return {
    ok: true,
    lossDb: freeSpaceDb + variable.attenuationDb,
    freeSpaceLossDb: freeSpaceDb,
    mode: propagationMode(profile.pathM, geometry.lineOfSightM, reference.region),
    warnings,
    warningNames: warningNames(warnings),
    details: {
      region: reference.region,
      referenceAttenuationDb: reference.attenuationDb,
      pathM: profile.pathM,
      surfaceRefractivityN: geometry.surfaceRefractivity,
      effectiveEarthRadiusM: 1 / geometry.curvaturePerM,
      terrainIrregularityM: profile.deltaHM,
      effectiveHeightsM: profile.effectiveHeightsM,
      horizonDistancesM: profile.distanceM,
      horizonAnglesRad: profile.thetaRad,
    },
  };
}

/** The inputs a sweep's paths share, validated once, with what ITM derives from them alone. */
export interface ItmPathInputs {
  parameters: ItmParameters;
  waveNumber: number;
  groundImpedance: Complex;
}

/**
 * ITM's inputs for many paths that differ only in their profile, from validateInputs' answer for
 * one of them: itmLossDb then skips, per path, the checks and the work that do not depend on it.
 */
export function itmPathInputs(parameters: ItmParameters): ItmPathInputs {
  return {
    parameters,
    waveNumber: waveNumberPerM(parameters.frequencyMHz),
    groundImpedance: groundImpedance(parameters.relativePermittivity, parameters.conductivitySPerM, parameters.frequencyMHz, parameters.polarization),
  };
}

/**
 * The loss alone (dB, as itmPointToPoint's lossDb) of a path with these shared inputs and this
 * profile (elevations from the transmitter's ground point, `spacingM` apart), or null where ITM
 * refuses the path; a profile of under 3 points is refused, as validateInputs refuses it.
 */
export function itmLossDb(inputs: ItmPathInputs, profileM: ArrayLike<number>, spacingM: number): number | null {
  if (profileM.length < 3 || !(spacingM > 0)) return null;
  const path = predictPath(inputs.parameters, profileM, spacingM, inputs.waveNumber, inputs.groundImpedance);
  if ('error' in path) return null;
  return freeSpaceLossDb(path.profile.pathM, inputs.parameters.frequencyMHz) + path.variable.attenuationDb;
}

/** Everything ITM works out for a validated path, or the error that refuses it. */
function predictPath(p: ItmParameters, profileM: ArrayLike<number>, spacingM: number, waveNumber: number, impedance: Complex) {
  const surfaceN = surfaceRefractivityN(p.surfaceRefractivityN, meanPathElevationM(profileM));
  const curvaturePerM = effectiveEarthCurvaturePerM(surfaceN);
  const heightsM: [number, number] = [p.txHeightM, p.rxHeightM];
  const profile = profileGeometry(profileM, spacingM, heightsM, curvaturePerM);
  const geometry = pathGeometry({
    waveNumber,
    curvaturePerM,
    surfaceRefractivity: surfaceN,
    groundImpedance: impedance,
    heightsM,
    effectiveHeightsM: profile.effectiveHeightsM,
    horizonDistanceM: profile.distanceM,
    horizonThetaRad: profile.thetaRad,
    deltaHM: profile.deltaHM,
  });
  const reference = referenceAttenuation(geometry, profile.pathM);
  if ('error' in reference) return reference;
  const variable = attenuationWithVariability({
    referenceAttenuationDb: reference.attenuationDb,
    pathM: profile.pathM,
    waveNumber,
    effectiveHeightsM: profile.effectiveHeightsM,
    deltaHM: profile.deltaHM,
    climate: p.climate,
    mode: p.variabilityMode,
    timeFraction: p.timeFraction,
    locationFraction: p.locationFraction,
    situationFraction: p.situationFraction,
  });
  return { profile, geometry, reference, variable };
}
