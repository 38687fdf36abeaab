/**
 * Radio formulas of the line-of-sight model (docs/radio-model.md). Distances and heights are
 * metres, frequencies hertz, losses decibels.
 */
import { EARTH_RADIUS_M } from '../sphere.js';

/** Speed of light in vacuum, metres per second (exact by definition). */
export const SPEED_OF_LIGHT_M_S = 299_792_458;

/** Effective earth-radius factor k of the standard atmosphere (radio rays bend with the earth). */
export const EFFECTIVE_EARTH_FACTOR = 4 / 3;

/** Free-space path loss 20·log10(4π·d·f / c), dB, for a distance in metres and a frequency in hertz. */
export function freeSpacePathLossDb(distanceM: number, frequencyHz: number): number {
  return 20 * Math.log10((4 * Math.PI * distanceM * frequencyHz) / SPEED_OF_LIGHT_M_S);
}

/**
 * Radius of the first Fresnel zone, metres, at a point d1 metres from one end and d2 from the
 * other: sqrt(λ·d1·d2 / (d1 + d2)). 0 at either end.
 */
export function fresnelRadiusM(d1M: number, d2M: number, frequencyHz: number): number {
  const total = d1M + d2M;
  return total > 0 ? Math.sqrt((wavelengthM(frequencyHz) * d1M * d2M) / total) : 0;
}

/**
 * How far the earth rises above the chord between the ends, metres, at d1 and d2 metres from them:
 * d1·d2 / (2·k·R), with the effective earth-radius factor k (default 4/3) and radius R in metres.
 */
export function earthBulgeM(d1M: number, d2M: number, k = EFFECTIVE_EARTH_FACTOR, radiusM = EARTH_RADIUS_M): number {
  return (d1M * d2M) / (2 * k * radiusM);
}

/**
 * Fresnel-Kirchhoff diffraction parameter v of a knife edge reaching `obstacleAboveRayM` metres
 * above the ray (negative: below it), d1 and d2 metres from the ends: h·sqrt(2(d1 + d2) / (λ·d1·d2)).
 */
export function diffractionParameterV(obstacleAboveRayM: number, d1M: number, d2M: number, frequencyHz: number): number {
  return obstacleAboveRayM * Math.sqrt((2 * (d1M + d2M)) / (wavelengthM(frequencyHz) * d1M * d2M));
}

/**
 * Single knife-edge diffraction loss J(v), dB (ITU-R P.526, equation 31):
 * 6.9 + 20·log10(sqrt((v − 0.1)² + 1) + v − 0.1) for v > −0.78, otherwise 0.
 */
export function knifeEdgeLossDb(v: number): number {
  if (v <= -0.78) return 0;
  const x = v - 0.1;
  return 6.9 + 20 * Math.log10(Math.sqrt(x * x + 1) + x);
}

/** Wavelength, metres, of a frequency in hertz. */
function wavelengthM(frequencyHz: number): number {
  return SPEED_OF_LIGHT_M_S / frequencyHz;
}
