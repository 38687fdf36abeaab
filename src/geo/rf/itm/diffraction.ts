/**
 * Diffraction attenuation beyond the horizon ([Algorithm, section 4.2], function ADIFF of version
 * 1.2.2): a weighted mix of double knife-edge and smooth (rounded) earth diffraction, plus a clutter
 * term. Distances metres, losses dB.
 */
import { type PathGeometry, roughnessAtM, terrainDeviationM } from './pathGeometry.js';

/** Knife-edge attenuation A(v, 0) for v², dB [TN101 vol. 2, eq. III.24] (v² < 5.76 is v < 2.4). */
export function knifeEdgeDb(v2: number): number {
  return v2 < 5.76 ? 6.02 + 9.11 * Math.sqrt(v2) - 1.27 * v2 : 12.953 + 10 * Math.log10(v2);
}

/** Height-gain function F(x, K) of smooth-earth diffraction, dB (Vogler 1964, as [Algorithm, section 4.2] approximates it). */
export function heightGainDb(x: number, k: number): number {
  if (x < 200) {
    const w = -Math.log(k);
    if (k < 1e-5 || x * w ** 3 > 5495) return x > 1 ? 17.372 * Math.log(x) - 117 : -117;
    return (2.5e-5 * x * x) / k - 8.686 * w - 15;
  }
  const far = 0.05751 * x - 4.343 * Math.log(x);
  if (x >= 2000) return far;
  const w = 0.0134 * x * Math.exp(-0.005 * x);
  return (1 - w) * far + w * (17.372 * Math.log(x) - 117);
}

/**
 * The diffraction attenuation at any distance past the horizons, dB. Built once per path: the terms
 * that do not depend on the distance are computed here (point-to-point
 * mode adds 10 m² to h_g1·h_g2 in the weight, as ITM does for known terminals).
 */
export function diffractionAttenuation(g: PathGeometry): (distanceM: number) => number {
  const [hg1, hg2] = g.heightsM;
  const [he1, he2] = g.effectiveHeightsM;
  const [dl1, dl2] = g.horizonDistanceM;
  const heights = hg1 * hg2 + 10;
  const weightRoot = Math.sqrt(1 + (he1 * he2 - hg1 * hg2) / heights);
  const weightDistance = g.lineOfSightM + g.losAngleRad / g.curvaturePerM;
  const deviation = terrainDeviationM(roughnessAtM(g.deltaHM, g.smoothLineOfSightM));
  // Clutter factor A_fo [ERL 79-ITS 67, eq. 3.38c].
  const clutterDb = Math.min(15, 2.171 * Math.log(1 + 4.77e-4 * hg1 * hg2 * g.waveNumber * deviation));
  const inverseImpedance = 1 / Math.hypot(g.groundImpedance.re, g.groundImpedance.im);
  // Each terminal's own earth radius from its horizon, and its x and height gain.
  let horizonX = 0;
  let heightGainSumDb = 20;
  for (const j of [0, 1] as const) {
    const radius = (0.5 * g.horizonDistanceM[j] ** 2) / g.effectiveHeightsM[j];
    const root = Math.cbrt(radius * g.waveNumber);
    const k = inverseImpedance / root;
    const x = ((1.607 - k) * 151 * root * g.horizonDistanceM[j]) / radius;
    horizonX += x;
    heightGainSumDb += heightGainDb(x, k);
  }
  return (distanceM) => {
    const theta = g.losAngleRad + distanceM * g.curvaturePerM;
    const beyondM = distanceM - g.lineOfSightM;
    const q = 0.0795775 * g.waveNumber * beyondM * theta * theta;
    const knifeEdgesDb = knifeEdgeDb((q * dl1) / (beyondM + dl1)) + knifeEdgeDb((q * dl2) / (beyondM + dl2));
    const radius = beyondM / theta;
    const root = Math.cbrt(radius * g.waveNumber);
    const k = inverseImpedance / root;
    const x = (1.607 - k) * 151 * root * theta + horizonX;
    const roundEarthDb = 0.05751 * x - 4.343 * Math.log(x) - heightGainSumDb;
    const mix = (weightRoot + weightDistance / distanceM) * Math.min(roughnessAtM(g.deltaHM, distanceM) * g.waveNumber, 6283.2);
    const weight = 25.1 / (25.1 + Math.sqrt(mix));
    return weight * roundEarthDb + (1 - weight) * knifeEdgesDb + clutterDb;
  };
}
