/**
 * Attenuation within the line-of-sight region ([Algorithm, section 4.3], function ALOS of version
 * 1.2.2): the two-ray (direct and ground-reflected) attenuation, weighted against the extended
 * diffraction line. Distances metres, losses dB.
 */
import { type PathGeometry, roughnessAtM, terrainDeviationM } from './pathGeometry.js';

/**
 * The line-of-sight attenuation at a distance, dB, given the diffraction line A_ed + m_d·d
 * (`diffractionSlopeDbPerM`, `diffractionInterceptDb`) it blends into.
 */
export function lineOfSightAttenuation(g: PathGeometry, diffractionSlopeDbPerM: number, diffractionInterceptDb: number): (distanceM: number) => number {
  const weight = 0.021 / (0.021 + (g.waveNumber * g.deltaHM) / Math.max(10e3, g.smoothLineOfSightM));
  const [he1, he2] = g.effectiveHeightsM;
  const z = g.groundImpedance;
  return (distanceM) => {
    const deviation = terrainDeviationM(roughnessAtM(g.deltaHM, distanceM));
    const sinPsi = (he1 + he2) / Math.hypot(distanceM, he1 + he2);
    // Effective reflection coefficient R_e = (sin ψ - Z_g)/(sin ψ + Z_g)·exp(-k·σ_h·sin ψ), its
    // modulus kept at least sqrt(sin ψ) and 0.5.
    const numRe = sinPsi - z.re;
    const numIm = -z.im;
    const denRe = sinPsi + z.re;
    const denIm = z.im;
    const den = denRe * denRe + denIm * denIm;
    const damping = Math.exp(-Math.min(10, g.waveNumber * deviation * sinPsi));
    let rRe = ((numRe * denRe + numIm * denIm) / den) * damping;
    let rIm = ((numIm * denRe - numRe * denIm) / den) * damping;
    const modulus2 = rRe * rRe + rIm * rIm;
    if (modulus2 < 0.25 || modulus2 < sinPsi) {
      const scale = Math.sqrt(sinPsi / modulus2);
      rRe *= scale;
      rIm *= scale;
    }
    // Phase difference of the two rays, bent back past 1.57 rad as ITM does.
    let delta = (g.waveNumber * 2 * he1 * he2) / distanceM;
    if (delta > 1.57) delta = 3.14 - 2.4649 / delta;
    const sumRe = Math.cos(delta) + rRe;
    const sumIm = -Math.sin(delta) + rIm;
    const twoRayDb = -4.343 * Math.log(sumRe * sumRe + sumIm * sumIm);
    const diffractionDb = diffractionSlopeDbPerM * distanceM + diffractionInterceptDb;
    return weight * twoRayDb + (1 - weight) * diffractionDb;
  };
}
