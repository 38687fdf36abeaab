/**
 * Generic patterns for an ISP without vendor files: 60°, 90° and 120° sectors and a small dish.
 *
 * The shape is the parabolic sector model of 3GPP TR 36.814 (v9.0.0, Table A.2.1.1-2; also
 * TR 38.901 Table 7.3-1), in dB below the peak:
 *   horizontal  A_H(φ) = min(12·(φ/φ3dB)², A_m)           φ off the boresight, A_m the front-to-back limit
 *   vertical    A_V(d) = min(12·(d/θ3dB)², SLA_v)         d below the horizon, SLA_v the side-lobe limit
 *   3-D         A(φ, d) = min(A_H(φ) + A_V(d), A_m)
 * so the beam is 3 dB down at ±φ3dB/2 and ±θ3dB/2. We keep its two cuts (horizontal at the
 * horizon; vertical ahead, and A_m behind as the 3-D model gives there); lookups combine the cuts as
 * for any pattern (antennaPatternDb), without the 3-D cap, which changes nothing above −25 dB.
 *
 * The parameters: 3GPP's limits (A_m = 25 dB, SLA_v = 20 dB) with a 6° vertical beam, as 5 GHz
 * fixed-wireless sectors have (3GPP's 10° is a cellular panel's); the dish a 5° pencil beam, as a dish
 * of about 70 cm gives at 5.8 GHz (beamwidth ≈ 70·λ/D), with 35 dB limits.
 * The peak gain: the model's directivity (its pattern integrated over the sphere, 4π / ∮ 10^(−A/10) dΩ;
 * modelDirectivityDbi computes it and the unit test checks these figures) less 1 dB of losses
 * (radiation efficiency about 80 %), rounded to 0.1 dB.
 */
import { PATTERN_POINTS, type AntennaPattern } from './antennaPattern.js';
import { verticalTableFromFront } from './verticalCut.js';

export interface ParabolicModel {
  /** Horizontal half-power beamwidth φ3dB, degrees. */
  horizontalBeamwidthDeg: number;
  /** Vertical half-power beamwidth θ3dB, degrees. */
  verticalBeamwidthDeg: number;
  /** A_m: the most the pattern falls below its peak, dB (its front-to-back ratio). */
  frontToBackDb: number;
  /** SLA_v: the most the vertical cut falls below its peak, dB. */
  sideLobeDb: number;
}

export interface BuiltinPattern {
  /** Stable key the server stores for a sector using it. */
  id: 'sector_60' | 'sector_90' | 'sector_120' | 'dish_small';
  model: ParabolicModel;
  pattern: AntennaPattern;
}

/** Radiation efficiency taken off the model's directivity, dB. */
export const BUILTIN_LOSS_DB = 1;

/** The model's attenuation toward φ off the boresight and d below the horizon, degrees, dB ≥ 0 (the 3-D formula). */
export function parabolicAttenuationDb(model: ParabolicModel, offBoresightDeg: number, depressionDeg: number): number {
  const horizontal = Math.min(12 * (offBoresightDeg / model.horizontalBeamwidthDeg) ** 2, model.frontToBackDb);
  const vertical = Math.min(12 * (depressionDeg / model.verticalBeamwidthDeg) ** 2, model.sideLobeDb);
  return Math.min(horizontal + vertical, model.frontToBackDb);
}

/** The model's directivity, dBi: 4π over its power pattern integrated over the sphere (midpoint rule, `stepDeg` cells). */
export function modelDirectivityDbi(model: ParabolicModel, stepDeg = 0.25): number {
  const rad = Math.PI / 180;
  let integral = 0;
  for (let depression = -90 + stepDeg / 2; depression < 90; depression += stepDeg) {
    const cellSr = Math.cos(depression * rad) * (stepDeg * rad) ** 2;
    for (let off = -180 + stepDeg / 2; off < 180; off += stepDeg) {
      integral += 10 ** (-parabolicAttenuationDb(model, off, depression) / 10) * cellSr;
    }
  }
  return 10 * Math.log10((4 * Math.PI) / integral);
}

/** The model's two cuts as a stored pattern. */
export function parabolicPattern(name: string, model: ParabolicModel, gainDbi: number): AntennaPattern {
  const horizontalDb = Array.from({ length: PATTERN_POINTS }, (_, i) => parabolicAttenuationDb(model, i > 180 ? i - PATTERN_POINTS : i, 0));
  const ahead = verticalTableFromFront((depressionDeg) => parabolicAttenuationDb(model, 0, depressionDeg));
  // Entries 91..269 look behind, where the 3-D model is at its front-to-back limit.
  const verticalDb = ahead.map((db, i) => (i > 90 && i < 270 ? model.frontToBackDb : db));
  return { name, format: 'builtin', gainDbi, horizontalDb, verticalDb, tiltDeg: 0, tiltAzimuthDeg: 0 };
}

const sector = (horizontalBeamwidthDeg: number): ParabolicModel => ({ horizontalBeamwidthDeg, verticalBeamwidthDeg: 6, frontToBackDb: 25, sideLobeDb: 20 });
const DISH: ParabolicModel = { horizontalBeamwidthDeg: 5, verticalBeamwidthDeg: 5, frontToBackDb: 35, sideLobeDb: 35 };

/** The built-in patterns; gains are modelDirectivityDbi − BUILTIN_LOSS_DB (checked by the unit test). */
export const BUILTIN_PATTERNS: readonly BuiltinPattern[] = [
  { id: 'sector_60', model: sector(60), pattern: parabolicPattern('Generic 60° sector', sector(60), 17.7) },
  { id: 'sector_90', model: sector(90), pattern: parabolicPattern('Generic 90° sector', sector(90), 16.3) },
  { id: 'sector_120', model: sector(120), pattern: parabolicPattern('Generic 120° sector', sector(120), 15.2) },
  { id: 'dish_small', model: DISH, pattern: parabolicPattern('Generic small dish (5° beam)', DISH, 29.0) },
];
