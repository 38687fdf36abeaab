/**
 * The quantities of a path the three regions of the reference attenuation share ([Algorithm,
 * section 4], the preamble of subroutine LRPROP of version 1.2.2). Metres, radians, 1/m.
 */
import type { Complex } from './atmosphereAndGround.js';

export interface PathGeometry {
  /** Wave number, 1/m (f / 47.7 with f in MHz). */
  waveNumber: number;
  /** Curvature of the effective earth, 1/m. */
  curvaturePerM: number;
  /** Surface refractivity N_s, N-units. */
  surfaceRefractivity: number;
  /** Surface transfer impedance of the ground. */
  groundImpedance: Complex;
  /** Antenna heights above ground, metres (transmitter, receiver). */
  heightsM: [number, number];
  /** Effective antenna heights, metres. */
  effectiveHeightsM: [number, number];
  /** Horizon distances, metres. */
  horizonDistanceM: [number, number];
  /** Horizon elevation angles, radians. */
  horizonThetaRad: [number, number];
  /** Terrain irregularity Δh, metres. */
  deltaHM: number;
  /** Smooth-earth horizon distance of each terminal, sqrt(2·h_e/γ_e), metres. */
  smoothHorizonM: [number, number];
  /** Smooth-earth line-of-sight distance d_Ls, metres (sum of the two). */
  smoothLineOfSightM: number;
  /** Line-of-sight distance of the actual path d_L, metres (sum of the horizon distances). */
  lineOfSightM: number;
  /** Total bending angle of the line-of-sight region θ_e = max(θ_e1 + θ_e2, -d_L·γ_e), radians. */
  losAngleRad: number;
}

/** Terrain roughness Δh(d) over d metres: Δh·(1 - 0.8·exp(-d/50 km)) [ERL 79-ITS 67, eq. 3]. */
export function roughnessAtM(deltaHM: number, distanceM: number): number {
  return deltaHM * (1 - 0.8 * Math.exp(-distanceM / 50e3));
}

/** RMS deviation of the terrain within the first Fresnel zone σ_h(Δh) = 0.78·Δh·exp(-(Δh/16)^¼), metres [ERL 79-ITS 67, eq. 3.6a]. */
export function terrainDeviationM(roughnessM: number): number {
  return 0.78 * roughnessM * Math.exp(-((roughnessM / 16) ** 0.25));
}

export function pathGeometry(parts: Omit<PathGeometry, 'smoothHorizonM' | 'smoothLineOfSightM' | 'lineOfSightM' | 'losAngleRad'>): PathGeometry {
  const smoothHorizonM: [number, number] = [
    Math.sqrt((2 * parts.effectiveHeightsM[0]) / parts.curvaturePerM),
    Math.sqrt((2 * parts.effectiveHeightsM[1]) / parts.curvaturePerM),
  ];
  const lineOfSightM = parts.horizonDistanceM[0] + parts.horizonDistanceM[1];
  return {
    ...parts,
    smoothHorizonM,
    smoothLineOfSightM: smoothHorizonM[0] + smoothHorizonM[1],
    lineOfSightM,
    losAngleRad: Math.max(parts.horizonThetaRad[0] + parts.horizonThetaRad[1], -lineOfSightM * parts.curvaturePerM),
  };
}
