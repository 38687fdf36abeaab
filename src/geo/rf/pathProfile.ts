/**
 * Line of sight along one path profile (docs/radio-model.md). The profile runs from the tower
 * (sample 0) to the target (the last sample); every distance and height is metres, heights above
 * sea level unless said. The straight ray joins the two antennas; the earth's bulge
 * d1·d2 / (2kR) is added to the terrain, so the ray stays straight on an effective flat earth.
 */
import { diffractionParameterV, earthBulgeM, EFFECTIVE_EARTH_FACTOR, fresnelRadiusM, knifeEdgeLossDb } from './radio.js';

export interface PathInput {
  /** Distance of each sample from the tower, metres: increasing, first 0, last the whole path. */
  distancesM: Float64Array;
  /** Terrain height above sea level at each sample, metres. */
  terrainM: Float64Array;
  /** Tower antenna above ground at sample 0, and target antenna above ground at the last sample, metres. */
  txAntennaM: number;
  rxAntennaM: number;
  /** Carrier frequency, hertz. */
  frequencyHz: number;
  /** Effective earth-radius factor; default 4/3. */
  k?: number;
}

export interface PathObstruction {
  index: number;
  /** Distance from the tower, metres. */
  distanceM: number;
  /** Terrain + earth bulge there, metres above sea level. */
  heightM: number;
  /** How far it reaches above the ray (positive: blocks the ray), metres. */
  cutM: number;
}

export interface PathAnalysis {
  /** The straight ray clears terrain + bulge at every interior sample (touching counts as clear). */
  clear: boolean;
  /**
   * min over interior samples of (ray − (terrain + bulge)) / F1 there: 1 = the whole first zone is
   * free, < 0 blocked. Infinity when there is no interior sample.
   */
  worstClearanceRatio: number;
  /** worstClearanceRatio >= 0.6. */
  fresnel60Clear: boolean;
  /**
   * The interior sample with the smallest clearance ratio (the largest diffraction parameter v),
   * always reported when there is an interior sample, however clear; null when there is none.
   */
  obstruction: PathObstruction | null;
  /** J(v) of that sample as a single knife edge, dB; 0 when v <= -0.78 or there is no interior sample. */
  diffractionLossDb: number;
  /** Target antenna above ground at which the ray just clears every interior sample, metres (never below 0). */
  requiredRxAntennaM: number;
  /** The same for clearing 60 % of the first Fresnel zone, and the whole first zone. */
  requiredRxAntennaFresnel60M: number;
  requiredRxAntennaFresnelM: number;
  /** Per sample, metres: the ray above sea level, the bulge, the first Fresnel radius. */
  rayM: Float64Array;
  bulgeM: Float64Array;
  fresnelM: Float64Array;
}

/** Analyses the ray between the two antennas over the profile. Throws RangeError on a malformed profile. */
export function analysePath(input: PathInput): PathAnalysis {
  validate(input);
  const { distancesM, terrainM, frequencyHz } = input;
  const k = input.k ?? EFFECTIVE_EARTH_FACTOR;
  const count = distancesM.length;
  const last = count - 1;
  const totalM = distancesM[last]!;
  const txTopM = terrainM[0]! + input.txAntennaM;
  const rxTopM = terrainM[last]! + input.rxAntennaM;

  const rayM = new Float64Array(count);
  const bulgeM = new Float64Array(count);
  const fresnelM = new Float64Array(count);
  let worstRatio = Infinity;
  let worstIndex = -1;
  // Target antenna tops (above sea level) that clear all samples, 60 % of F1, and all of F1.
  let needTopM = -Infinity;
  let needTop60M = -Infinity;
  let needTopF1M = -Infinity;

  for (let i = 0; i < count; i++) {
    const d1 = distancesM[i]!;
    const d2 = totalM - d1;
    rayM[i] = txTopM + ((rxTopM - txTopM) * d1) / totalM;
    bulgeM[i] = earthBulgeM(d1, d2, k);
    fresnelM[i] = fresnelRadiusM(d1, d2, frequencyHz);
    if (i === 0 || i === last) continue;

    const groundM = terrainM[i]! + bulgeM[i]!;
    const ratio = (rayM[i]! - groundM) / fresnelM[i]!;
    if (ratio < worstRatio) {
      worstRatio = ratio;
      worstIndex = i;
    }
    // The ray passes txTop + (top − txTop)·d1/D here; it reaches `height` when top = txTop + (height − txTop)·D/d1.
    const scale = totalM / d1;
    needTopM = Math.max(needTopM, txTopM + (groundM - txTopM) * scale);
    needTop60M = Math.max(needTop60M, txTopM + (groundM + 0.6 * fresnelM[i]! - txTopM) * scale);
    needTopF1M = Math.max(needTopF1M, txTopM + (groundM + fresnelM[i]! - txTopM) * scale);
  }

  const rxGroundM = terrainM[last]!;
  const required = (topM: number) => Math.max(0, topM - rxGroundM);
  let obstruction: PathObstruction | null = null;
  let diffractionLossDb = 0;
  if (worstIndex > 0) {
    const d1 = distancesM[worstIndex]!;
    const heightM = terrainM[worstIndex]! + bulgeM[worstIndex]!;
    const cutM = heightM - rayM[worstIndex]!;
    obstruction = { index: worstIndex, distanceM: d1, heightM, cutM };
    // v = √2·cut / F1 = −√2·ratio, so the sample with the smallest ratio has the largest v.
    diffractionLossDb = knifeEdgeLossDb(diffractionParameterV(cutM, d1, totalM - d1, frequencyHz));
  }

  return {
    clear: worstRatio >= 0,
    worstClearanceRatio: worstRatio,
    fresnel60Clear: worstRatio >= 0.6,
    obstruction,
    diffractionLossDb,
    requiredRxAntennaM: required(needTopM),
    requiredRxAntennaFresnel60M: required(needTop60M),
    requiredRxAntennaFresnelM: required(needTopF1M),
    rayM,
    bulgeM,
    fresnelM,
  };
}

/**
 * At most `max` sample indices out of `count`, evenly spread, always keeping the first, the last
 * and `keep` (e.g. the obstruction). Sorted, unique. All of them when count <= max. `max` must be
 * at least 2, and at least 3 when `keep` is an interior index.
 */
export function decimateIndices(count: number, max: number, keep: number | null = null): number[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number >= 0, got ${count}`);
  if (keep !== null && (!Number.isInteger(keep) || keep < 0 || keep >= count)) {
    throw new RangeError(`keep must be an index below count (${count}), got ${keep}`);
  }
  const keepInterior = keep !== null && keep > 0 && keep < count - 1;
  const least = keepInterior ? 3 : 2;
  if (!Number.isInteger(max) || max < least) throw new RangeError(`max must be a whole number >= ${least}, got ${max}`);
  if (count <= max) return Array.from({ length: count }, (_, i) => i);

  // Evenly spread picks are unique because count > slots (each step is more than one index).
  const slots = keepInterior ? max - 1 : max;
  const picked = Array.from({ length: slots }, (_, i) => Math.round((i * (count - 1)) / (slots - 1)));
  if (keepInterior && !picked.includes(keep)) {
    picked.push(keep);
    picked.sort((a, b) => a - b);
  }
  return picked;
}

function validate(input: PathInput): void {
  const { distancesM, terrainM, txAntennaM, rxAntennaM, frequencyHz } = input;
  if (distancesM.length !== terrainM.length) {
    throw new RangeError(`distancesM and terrainM must have the same length (${distancesM.length} and ${terrainM.length})`);
  }
  if (distancesM.length < 2) throw new RangeError(`a path needs at least 2 samples, got ${distancesM.length}`);
  if (distancesM[0] !== 0) throw new RangeError(`distancesM must start at 0, got ${distancesM[0]}`);
  for (let i = 1; i < distancesM.length; i++) {
    if (!(distancesM[i]! > distancesM[i - 1]!) || !Number.isFinite(distancesM[i])) {
      throw new RangeError(`distancesM must increase strictly and be finite: sample ${i} is ${distancesM[i]} after ${distancesM[i - 1]}`);
    }
  }
  for (let i = 0; i < terrainM.length; i++) {
    if (!Number.isFinite(terrainM[i])) throw new RangeError(`terrainM must be finite: sample ${i} is ${terrainM[i]}`);
  }
  if (!Number.isFinite(txAntennaM) || !Number.isFinite(rxAntennaM)) {
    throw new RangeError(`antenna heights must be finite, got tx ${txAntennaM} and rx ${rxAntennaM}`);
  }
  if (!(frequencyHz > 0) || !Number.isFinite(frequencyHz)) throw new RangeError(`frequencyHz must be a positive number, got ${frequencyHz}`);
  if (input.k !== undefined && !(input.k > 0 && Number.isFinite(input.k))) throw new RangeError(`k must be a positive number, got ${input.k}`);
}
