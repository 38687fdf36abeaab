/**
 * Variability: the loss not exceeded for a fraction of time, locations and situations ([Algorithm,
 * section 5], function AVAR of version 1.2.2): the reference attenuation less the climate's median
 * adjustment and the deviations of the time, location and situation distributions at their
 * quantiles. Distances metres, losses dB.
 */
import { type RadioClimate, type VariabilityMode, ItmWarning } from './parameters.js';
import { roughnessAtM } from './pathGeometry.js';

/**
 * The standard normal deviate exceeded with probability q (inverse complementary normal
 * distribution), by the rational approximation ITM uses (Abramowitz and Stegun 26.2.23, error
 * under 4.5e-4): 0 at 0.5, +1.28 at 0.1, -1.28 at 0.9.
 */
export function inverseComplementaryNormal(q: number): number {
  const x = q > 0.5 ? 1 - q : q;
  const t = Math.sqrt(-2 * Math.log(x));
  const z = t - ((0.010328 * t + 0.802853) * t + 2.515516) / (((0.001308 * t + 0.189269) * t + 1.432788) * t + 1);
  return q > 0.5 ? -z : z;
}

/** (c1 + c2 / (1 + ((d - x2)/x3)²)) · (d/x1)² / (1 + (d/x1)²): the shape of the climate curves [Algorithm, section 5]. */
export function climateCurve(c1: number, c2: number, x1: number, x2: number, x3: number, effectiveDistanceM: number): number {
  const r = (effectiveDistanceM / x1) ** 2;
  return ((c1 + c2 / (1 + ((effectiveDistanceM - x2) / x3) ** 2)) * r) / (1 + r);
}

/** Per climate (index 1..7 - 1): the curves' constants, [Algorithm, Table 5.1] (TN101, figure 10.13). */
const CLIMATE = {
  median: [
    [-9.67, 12.7, 144.9e3, 190.3e3, 133.8e3],
    [-0.62, 9.19, 228.9e3, 205.2e3, 143.6e3],
    [1.26, 15.5, 262.6e3, 185.2e3, 99.8e3],
    [-9.21, 9.05, 84.1e3, 101.1e3, 98.6e3],
    [-0.62, 9.19, 228.9e3, 205.2e3, 143.6e3],
    [-0.39, 2.86, 141.7e3, 315.9e3, 167.4e3],
    [3.15, 857.9, 2222e3, 164.8e3, 116.3e3],
  ],
  sigmaMinus: [
    [2.13, 159.5, 762.2e3, 123.6e3, 94.5e3],
    [2.66, 7.67, 100.4e3, 172.5e3, 136.4e3],
    [6.11, 6.65, 138.2e3, 242.2e3, 178.6e3],
    [1.98, 13.11, 139.1e3, 132.7e3, 193.5e3],
    [2.68, 7.16, 93.7e3, 186.8e3, 133.5e3],
    [6.86, 10.38, 187.8e3, 169.6e3, 108.9e3],
    [8.51, 169.8, 609.8e3, 119.9e3, 106.6e3],
  ],
  sigmaPlus: [
    [2.11, 102.3, 636.9e3, 134.8e3, 95.6e3],
    [6.87, 15.53, 138.7e3, 143.7e3, 98.6e3],
    [10.08, 9.6, 165.3e3, 225.7e3, 129.7e3],
    [3.68, 159.3, 464.4e3, 93.1e3, 94.2e3],
    [4.75, 8.12, 93.2e3, 135.9e3, 113.4e3],
    [8.58, 13.97, 216.0e3, 152.0e3, 122.7e3],
    [8.43, 8.19, 136.2e3, 188.5e3, 122.9e3],
  ],
  cD: [1.224, 0.801, 1.38, 1.0, 1.224, 1.518, 1.518],
  zD: [1.282, 2.161, 1.282, 20, 1.282, 1.282, 1.282],
  /** Frequency factors g_-(f) and g_+(f): b1 + b2 / ((b3·ln(0.133·k))² + 1). */
  fMinus: [
    [1, 0, 0],
    [1, 0, 0],
    [1, 0, 0],
    [1, 0, 0],
    [0.92, 0.25, 1.77],
    [1, 0, 0],
    [1, 0, 0],
  ],
  fPlus: [
    [1, 0, 0],
    [0.93, 0.31, 2.0],
    [1, 0, 0],
    [0.93, 0.19, 1.79],
    [0.93, 0.31, 2.0],
    [1, 0, 0],
    [1, 0, 0],
  ],
} as const;

export interface VariabilityInput {
  referenceAttenuationDb: number;
  pathM: number;
  waveNumber: number;
  effectiveHeightsM: [number, number];
  deltaHM: number;
  climate: RadioClimate;
  mode: VariabilityMode;
  timeFraction: number;
  locationFraction: number;
  situationFraction: number;
}

/** The attenuation relative to free space at the requested quantiles, dB, and the warning flags it raises. */
export function attenuationWithVariability(v: VariabilityInput): { attenuationDb: number; warnings: number } {
  const c = v.climate - 1;
  // Effective distance: 130 km at the sum of the smooth-earth horizons (on a 9000 km earth) and the scatter distance.
  const dex = Math.sqrt(18e6 * v.effectiveHeightsM[0]) + Math.sqrt(18e6 * v.effectiveHeightsM[1]) + Math.cbrt(575.7e12 / v.waveNumber);
  const de = v.pathM < dex ? (130e3 * v.pathM) / dex : 130e3 + v.pathM - dex;
  const curve = (constants: readonly number[]) => climateCurve(constants[0]!, constants[1]!, constants[2]!, constants[3]!, constants[4]!, de);

  let kind = v.mode;
  const withoutSituation = kind >= 20;
  if (withoutSituation) kind -= 20;
  const withoutLocation = kind >= 10;
  if (withoutLocation) kind -= 10;

  const medianDb = curve(CLIMATE.median[c]!);
  const q = Math.log(0.133 * v.waveNumber);
  const factor = ([b1, b2, b3]: readonly number[]) => b1! + b2! / ((b3! * q) ** 2 + 1);
  const sigmaMinus = curve(CLIMATE.sigmaMinus[c]!) * factor(CLIMATE.fMinus[c]!);
  const sigmaPlus = curve(CLIMATE.sigmaPlus[c]!) * factor(CLIMATE.fPlus[c]!);
  const sigmaD = sigmaPlus * CLIMATE.cD[c]!;
  const zD = CLIMATE.zD[c]!;
  const tgtd = (sigmaPlus - sigmaD) * zD;
  const roughness = roughnessAtM(v.deltaHM, v.pathM) * v.waveNumber;
  const sigmaL = withoutLocation ? 0 : (10 * roughness) / (roughness + 13);
  const vs0 = withoutSituation ? 0 : (5 + 3 * Math.exp(-de / 100e3)) ** 2;

  const zc = inverseComplementaryNormal(v.situationFraction);
  let zt = inverseComplementaryNormal(v.timeFraction);
  let zl = inverseComplementaryNormal(v.locationFraction);
  if (kind === 0) [zt, zl] = [zc, zc];
  else if (kind === 1) zl = zc;
  else if (kind === 2) zl = zt;
  const warnings = Math.abs(zt) > 3.1 || Math.abs(zl) > 3.1 || Math.abs(zc) > 3.1 ? ItmWarning.extremeVariabilities : 0;

  const sigmaT = zt < 0 ? sigmaMinus : zt <= zD ? sigmaPlus : sigmaD + tgtd / zt;
  const vs = vs0 + (sigmaT * zt) ** 2 / (7.8 + zc * zc) + (sigmaL * zl) ** 2 / (24 + zc * zc);
  let yr: number;
  let sigmaC: number;
  if (kind === 0) {
    yr = 0;
    sigmaC = Math.sqrt(sigmaT * sigmaT + sigmaL * sigmaL + vs);
  } else if (kind === 1) {
    yr = sigmaT * zt;
    sigmaC = Math.sqrt(sigmaL * sigmaL + vs);
  } else if (kind === 2) {
    yr = Math.sqrt(sigmaT * sigmaT + sigmaL * sigmaL) * zt;
    sigmaC = Math.sqrt(vs);
  } else {
    yr = sigmaT * zt + sigmaL * zl;
    sigmaC = Math.sqrt(vs);
  }
  let attenuationDb = v.referenceAttenuationDb - medianDb - yr - sigmaC * zc;
  // A gain over free space is shrunk (towards a tenth of it for large gains) [Algorithm, section 5].
  if (attenuationDb < 0) attenuationDb = (attenuationDb * (29 - attenuationDb)) / (29 - 10 * attenuationDb);
  return { attenuationDb, warnings };
}
