/**
 * Inputs of the ITS Irregular Terrain Model (Longley-Rice) in point-to-point mode, their defaults and
 * their validation. Written from Hufford, "The ITS Irregular Terrain Model, version 1.2.2, the
 * Algorithm" (NTIA/ITS, 1999) and NTIA's code (github.com/NTIA/itm, version 1.4, documented as
 * functionally identical), whose error codes and warning flags we return so that a result reads the
 * same as theirs. Units: metres, MHz, S/m, N-units; variabilities are fractions (0.5 = 50 %), where
 * NTIA's code takes percentages.
 */

import { ITM_DEFAULTS as CHOSEN_DEFAULTS, ITM_LIMITS, type Polarization, RadioClimate } from '../../../common/itmInputs.js';

// The inputs an administrator chooses (ground, atmosphere, climate, variabilities) are declared in
// common/itmInputs.ts with their defaults and limits, so the radio settings the API takes are the
// ones checked here.
export { ITM_LIMITS, type Polarization, RadioClimate };

/**
 * How time, location and situation variability combine (ITM's MDVAR, [Algorithm, section 5]):
 * 0 single message, 1 accidental, 2 mobile, 3 broadcast; + 10 leaves location variability out,
 * + 20 leaves direct situation variability out. SPLAT! uses 12; broadcast (3), our default, gives
 * the same loss whenever the location fraction is 0.5, and lets the location fraction count.
 */
export type VariabilityMode = 0 | 1 | 2 | 3 | 10 | 11 | 12 | 13 | 20 | 21 | 22 | 23 | 30 | 31 | 32 | 33;

export interface ItmPointToPointInput {
  /**
   * Terrain elevations along the great-circle path, metres above sea level, at equal spacing, from
   * the transmitter's ground point (first) to the receiver's (last). At least 3 points.
   */
  profileM: ArrayLike<number>;
  /** Distance between consecutive profile points, metres (the path is (points - 1) × spacing long). */
  spacingM: number;
  /** Transmitting antenna above ground, metres. */
  txHeightM: number;
  /** Receiving antenna above ground, metres. */
  rxHeightM: number;
  frequencyMHz: number;
  /** Default vertical. */
  polarization?: Polarization;
  /** Relative permittivity of the ground; default 15 (average ground). */
  relativePermittivity?: number;
  /** Ground conductivity, S/m; default 0.005 (average ground). */
  conductivitySPerM?: number;
  /**
   * Surface refractivity N_0, N-units (default 301), as SPLAT!'s .lrp and NTIA's N_0 take it; the
   * model lowers it by the path's mean elevation (N_s = N_0·exp(-h/9460 m), [TN101, eq. 4.3]).
   */
  surfaceRefractivityN?: number;
  /** Default continental temperate. */
  climate?: RadioClimate;
  /** Fraction of time the loss is not exceeded, 0 < t < 1; default 0.5. */
  timeFraction?: number;
  /** Fraction of locations, 0 < l < 1; default 0.5. */
  locationFraction?: number;
  /** Fraction of situations (confidence), 0 < s < 1; default 0.5. */
  situationFraction?: number;
  /** Default 3 (broadcast). */
  variabilityMode?: VariabilityMode;
}

/** The input with every default filled in. */
export type ItmParameters = Required<ItmPointToPointInput>;

export const ITM_DEFAULTS = CHOSEN_DEFAULTS satisfies Partial<ItmPointToPointInput>;

/** NTIA's return codes for inputs the model refuses (ERRORS_AND_WARNINGS.md of github.com/NTIA/itm). */
export const ItmError = {
  txTerminalHeight: 1000,
  rxTerminalHeight: 1001,
  invalidRadioClimate: 1002,
  invalidTime: 1003,
  invalidLocation: 1004,
  invalidSituation: 1005,
  refractivity: 1008,
  frequency: 1009,
  polarization: 1010,
  epsilon: 1011,
  sigma: 1012,
  groundImpedance: 1013,
  mdvar: 1014,
  effectiveEarth: 1016,
  /** Also ours for a profile of fewer than 3 points or a spacing that is not positive. */
  pathDistance: 1017,
  surfaceRefractivitySmall: 1021,
  surfaceRefractivityLarge: 1022,
} as const;
export type ItmErrorName = keyof typeof ItmError;

/** NTIA's warning flags (bits): the result stands but is near or past the model's limits. */
export const ItmWarning = {
  txTerminalHeight: 0x0001,
  rxTerminalHeight: 0x0002,
  frequency: 0x0004,
  pathDistanceTooBig1: 0x0008,
  pathDistanceTooBig2: 0x0010,
  pathDistanceTooSmall1: 0x0020,
  pathDistanceTooSmall2: 0x0040,
  txHorizonAngle: 0x0080,
  rxHorizonAngle: 0x0100,
  txHorizonDistance1: 0x0200,
  rxHorizonDistance1: 0x0400,
  txHorizonDistance2: 0x0800,
  rxHorizonDistance2: 0x1000,
  extremeVariabilities: 0x2000,
  surfaceRefractivity: 0x4000,
} as const;
export type ItmWarningName = keyof typeof ItmWarning;

/** The names of the flags set in `warnings`. */
export function warningNames(warnings: number): ItmWarningName[] {
  return (Object.keys(ItmWarning) as ItmWarningName[]).filter((name) => (warnings & ItmWarning[name]) !== 0);
}

export type Validated = { ok: true; parameters: ItmParameters; warnings: number } | { ok: false; error: ItmErrorName };

const VARIABILITY_MODES = new Set<number>([0, 1, 2, 3, 10, 11, 12, 13, 20, 21, 22, 23, 30, 31, 32, 33]);

/**
 * Fills in the defaults (for a field left out or undefined) and checks the inputs as NTIA's ValidateInputs does (same limits, same
 * order), plus the profile: errors refuse the path, warnings flag a result to use with caution.
 */
export function validateInputs(input: ItmPointToPointInput): Validated {
  const p: ItmParameters = {
    ...input,
    polarization: input.polarization ?? ITM_DEFAULTS.polarization,
    relativePermittivity: input.relativePermittivity ?? ITM_DEFAULTS.relativePermittivity,
    conductivitySPerM: input.conductivitySPerM ?? ITM_DEFAULTS.conductivitySPerM,
    surfaceRefractivityN: input.surfaceRefractivityN ?? ITM_DEFAULTS.surfaceRefractivityN,
    climate: input.climate ?? ITM_DEFAULTS.climate,
    timeFraction: input.timeFraction ?? ITM_DEFAULTS.timeFraction,
    locationFraction: input.locationFraction ?? ITM_DEFAULTS.locationFraction,
    situationFraction: input.situationFraction ?? ITM_DEFAULTS.situationFraction,
    variabilityMode: input.variabilityMode ?? ITM_DEFAULTS.variabilityMode,
  };
  let warnings = 0;
  const outside = (value: number, low: number, high: number) => !(value >= low && value <= high);
  if (outside(p.txHeightM, 1, 1000)) warnings |= ItmWarning.txTerminalHeight;
  if (outside(p.txHeightM, ITM_LIMITS.terminalHeightM.min, ITM_LIMITS.terminalHeightM.max)) return { ok: false, error: 'txTerminalHeight' };
  if (outside(p.rxHeightM, 1, 1000)) warnings |= ItmWarning.rxTerminalHeight;
  if (outside(p.rxHeightM, ITM_LIMITS.terminalHeightM.min, ITM_LIMITS.terminalHeightM.max)) return { ok: false, error: 'rxTerminalHeight' };
  if (!Object.values(RadioClimate).includes(p.climate)) return { ok: false, error: 'invalidRadioClimate' };
  if (outside(p.surfaceRefractivityN, ITM_LIMITS.surfaceRefractivityN.min, ITM_LIMITS.surfaceRefractivityN.max)) return { ok: false, error: 'refractivity' };
  if (outside(p.frequencyMHz, 40, 10_000)) warnings |= ItmWarning.frequency;
  if (outside(p.frequencyMHz, 20, 20_000)) return { ok: false, error: 'frequency' };
  if (p.polarization !== 'horizontal' && p.polarization !== 'vertical') return { ok: false, error: 'polarization' };
  if (!(p.relativePermittivity >= ITM_LIMITS.relativePermittivity.min)) return { ok: false, error: 'epsilon' };
  if (!(p.conductivitySPerM > ITM_LIMITS.conductivitySPerM.exclusiveMin)) return { ok: false, error: 'sigma' };
  if (!VARIABILITY_MODES.has(p.variabilityMode)) return { ok: false, error: 'mdvar' };
  const fraction = (value: number) => value > ITM_LIMITS.fraction.exclusiveMin && value < ITM_LIMITS.fraction.exclusiveMax;
  if (!fraction(p.situationFraction)) return { ok: false, error: 'invalidSituation' };
  if (!fraction(p.timeFraction)) return { ok: false, error: 'invalidTime' };
  if (!fraction(p.locationFraction)) return { ok: false, error: 'invalidLocation' };
  if (p.profileM.length < 3 || !(p.spacingM > 0)) return { ok: false, error: 'pathDistance' };
  return { ok: true, parameters: p, warnings };
}
