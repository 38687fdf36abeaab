/**
 * Forward-scatter (troposcatter) attenuation far beyond the horizon ([Algorithm, section 4.4],
 * functions ASCAT, H0F and AHD of version 1.2.2). Distances metres, angles radians, losses dB.
 */
import type { PathGeometry } from './pathGeometry.js';

/** The attenuation function F(θd) for the product of scatter angle and distance, dB [Algorithm, 6.9]. */
export function scatterFunctionDb(thetaD: number): number {
  const [a, b, c] = thetaD <= 10e3 ? [133.4, 0.332e-3, -4.343] : thetaD <= 70e3 ? [104.6, 0.212e-3, -1.086] : [71.8, 0.157e-3, 2.171];
  return a + b * thetaD + c * Math.log(thetaD);
}

const H0_A = [25, 80, 177, 395, 705];
const H0_B = [24, 45, 68, 80, 105];

/** The frequency gain function H_0(r, η_s), dB, interpolated between the curves for η_s = 1..5 [Algorithm, 6.13]. */
export function frequencyGainDb(r: number, etaS: number): number {
  const curve = (i: number) => {
    const x = 1 / (r * r);
    return 4.343 * Math.log((H0_A[i]! * x + H0_B[i]!) * x + 1);
  };
  let whole = Math.trunc(etaS);
  let fraction = etaS - whole;
  if (whole <= 0) [whole, fraction] = [1, 0];
  else if (whole >= 5) [whole, fraction] = [5, 0];
  const lower = curve(whole - 1);
  return fraction === 0 ? lower : (1 - fraction) * lower + fraction * curve(whole);
}

/**
 * The troposcatter attenuation at a distance, dB, or 1001 where it is not defined (both antennas so
 * low that r_1, r_2 < 0.2). Built once per path; like ASCAT, a call remembers H_0 and, once it has
 * passed 15 dB, keeps it for the next distances (the reference attenuation asks at d_6, then d_5).
 */
export function troposcatterAttenuation(g: PathGeometry): (distanceM: number) => number {
  let asymmetryM = g.horizonDistanceM[0] - g.horizonDistanceM[1];
  let heightRatio = g.effectiveHeightsM[1] / g.effectiveHeightsM[0];
  if (asymmetryM < 0) {
    asymmetryM = -asymmetryM;
    heightRatio = 1 / heightRatio;
  }
  const ns = g.surfaceRefractivity;
  const etq = (5.67e-6 * ns - 2.32e-3) * ns + 0.031;
  let previousH0 = -15;
  return (distanceM) => {
    let h0: number;
    if (previousH0 > 15) h0 = previousH0;
    else {
      const theta = g.horizonThetaRad[0] + g.horizonThetaRad[1] + distanceM * g.curvaturePerM;
      const r1 = 2 * g.waveNumber * theta * g.effectiveHeightsM[0];
      const r2 = 2 * g.waveNumber * theta * g.effectiveHeightsM[1];
      if (r1 < 0.2 && r2 < 0.2) return 1001;
      let s = (distanceM - asymmetryM) / (distanceM + asymmetryM);
      const q = Math.min(Math.max(0.1, heightRatio / s), 10);
      s = Math.max(0.1, s);
      // Height of the crossing of the horizon rays and the scattering efficiency η_s there.
      const crossingM = ((distanceM - asymmetryM) * (distanceM + asymmetryM) * theta * 0.25) / distanceM;
      const eta = ((etq * Math.exp(-(Math.min(1.7, crossingM / 8e3) ** 6)) + 1) * crossingM) / 1.7556e3;
      const etaAtLeast1 = Math.max(eta, 1);
      h0 = (frequencyGainDb(r1, etaAtLeast1) + frequencyGainDb(r2, etaAtLeast1)) * 0.5;
      h0 += Math.min(h0, (1.38 - Math.log(etaAtLeast1)) * Math.log(s) * Math.log(q) * 0.49);
      h0 = Math.max(h0, 0);
      if (eta < 1) {
        const t = (1 + Math.SQRT2 / r1) * (1 + Math.SQRT2 / r2);
        h0 = eta * h0 + (1 - eta) * 4.343 * Math.log((t * t * (r1 + r2)) / (r1 + r2 + 2 * Math.SQRT2));
      }
      if (h0 > 15 && previousH0 >= 0) h0 = previousH0;
    }
    previousH0 = h0;
    const th = g.losAngleRad + distanceM * g.curvaturePerM;
    return scatterFunctionDb(th * distanceM) + 4.343 * Math.log(47.7 * g.waveNumber * th ** 4) - 0.1 * (ns - 301) * Math.exp((-th * distanceM) / 40e3) + h0;
  };
}
