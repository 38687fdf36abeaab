/**
 * The path's atmosphere and ground as ITM sees them ([Algorithm, section 2], subroutine QLRPS of
 * version 1.2.2): surface refractivity at the path's height, the curvature of the effective earth,
 * the wave number and the ground's surface transfer impedance. Metres, MHz, S/m, N-units.
 */
import type { Polarization } from './parameters.js';

/** A complex number (the ground impedance is one). */
export interface Complex {
  re: number;
  im: number;
}

/** Curvature of the actual earth, 1/m (about 1 / 6370 km). */
export const EARTH_CURVATURE_PER_M = 157e-9;

/** Impedance of free space, ohms, as ITM rounds it. */
const FREE_SPACE_IMPEDANCE_OHM = 376.62;

/** Wave number k = 2π/λ per metre, written as ITM does: f / 47.7 with f in MHz. */
export function waveNumberPerM(frequencyMHz: number): number {
  return frequencyMHz / 47.7;
}

/**
 * Surface refractivity N_s, N-units, of a path whose terrain stands `meanElevationM` above sea level:
 * N_0·exp(-h/9460 m) [TN101, eq. 4.3]; N_0 itself at sea level.
 */
export function surfaceRefractivityN(refractivityN0: number, meanElevationM: number): number {
  return meanElevationM === 0 ? refractivityN0 : refractivityN0 * Math.exp(-meanElevationM / 9460);
}

/**
 * Curvature of the effective earth γ_e, 1/m: γ_a·(1 - 0.04665·exp(N_s/179.3)) [TN101, eq. 4.4].
 * At N_s = 301 this is 0.75·γ_a, the familiar 4/3 earth.
 */
export function effectiveEarthCurvaturePerM(surfaceRefractivity: number): number {
  return EARTH_CURVATURE_PER_M * (1 - 0.04665 * Math.exp(surfaceRefractivity / 179.3));
}

function complexSqrt(z: Complex): Complex {
  const modulus = Math.hypot(z.re, z.im);
  const re = Math.sqrt((modulus + z.re) / 2);
  const im = Math.sqrt((modulus - z.re) / 2);
  return { re, im: z.im < 0 ? -im : im };
}

function complexDivide(a: Complex, b: Complex): Complex {
  const d = b.re * b.re + b.im * b.im;
  return { re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d };
}

/**
 * Surface transfer impedance of the ground Z_g [Algorithm, section 2]: with the complex relative
 * permittivity ε' = ε_r + i·Z_0·σ/k, Z_g = sqrt(ε' - 1) for horizontal polarisation and
 * sqrt(ε' - 1)/ε' for vertical.
 */
export function groundImpedance(relativePermittivity: number, conductivitySPerM: number, frequencyMHz: number, polarization: Polarization): Complex {
  const permittivity = { re: relativePermittivity, im: (FREE_SPACE_IMPEDANCE_OHM * conductivitySPerM) / waveNumberPerM(frequencyMHz) };
  const horizontal = complexSqrt({ re: permittivity.re - 1, im: permittivity.im });
  return polarization === 'horizontal' ? horizontal : complexDivide(horizontal, permittivity);
}
