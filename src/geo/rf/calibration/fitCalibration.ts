import { CLUTTER_CLASSES } from '../../../common/api/clutterAreas.js';
import { MIN_CALIBRATION_MEASUREMENTS } from '../../../common/api/measurements.js';
import { CalibrationLookup, type CalibrationTerms } from './calibrationLookup.js';
import type { CalibrationModel, FitOptions, FitSample, ReceiverClass, SectorOffset, SpatialResiduals } from './calibrationModel.js';
import { rmseOf, roundDb } from './errorFigures.js';

/**
 * Fitting a calibration to measurements (issue 21 §3). A sample's residual r = measured − predicted
 * (dB) is explained as
 *   r ≈ g + s[its tower's sector] + c[its receiver class] + spatial(its spot)
 * g the global offset (the model's bias, not shrunk: every sample tells it); s and c shrunk toward
 * 0 as a mean with pseudo-counts would be (a group of n samples whose residuals average m gets
 * m·n/(n + k)), all fitted jointly (fitTerms); what they leave is kept per tower, where it was
 * measured, for the spatial correction (calibrationLookup.ts).
 *
 * The error figures of the calibrated model are cross-validated: the samples fall into `folds`
 * folds by the block of ground they lie in (foldOf), each fold is predicted by the same fit on the other folds, and σ is the RMSE
 * of those predictions. A calibration can memorise its own samples (the spatial term does, nearly,
 * at a short range); it cannot memorise a sample it never saw.
 */

/** A sector's pseudo-count: three measurements of a sector move its offset by 3/11 of their mean. */
export const SECTOR_PSEUDO_COUNT = 8;
/** A receiver class's pseudo-count. */
export const CLASS_PSEUDO_COUNT = 8;

/** Every receiver class, as the model lists their offsets. */
export const RECEIVER_CLASSES: readonly ReceiverClass[] = ['open', ...CLUTTER_CLASSES];

export interface CalibrationFit {
  model: CalibrationModel;
  /** Sample i's calibrated prediction (dBm) by the fit on the folds that do not hold it. */
  crossValidatedDbm: Float64Array;
}

/** Throws a RangeError naming what is wrong with samples or options that no calibration can be fitted to. */
export function fitCalibration(samples: readonly FitSample[], options: FitOptions): CalibrationFit {
  checkInput(samples, options);
  const groups = groupsOf(samples);
  const everySample = Int32Array.from(samples.keys());
  const terms = fitTerms(samples, everySample, groups, options);

  const foldOfSample = samples.map((sample) => foldOf(sample, options));
  const crossValidatedDbm = new Float64Array(samples.length);
  for (let fold = 0; fold < options.folds; fold++) {
    const heldOut = everySample.filter((i) => foldOfSample[i] === fold);
    if (heldOut.length === 0) continue;
    const training = everySample.filter((i) => foldOfSample[i] !== fold);
    const lookup = new CalibrationLookup(fitTerms(samples, training, groups, options));
    for (const i of heldOut) crossValidatedDbm[i] = samples[i]!.predictedDbm + lookup.correctionDb(samples[i]!);
  }

  return {
    model: {
      version: 1,
      ...terms,
      sigmaDb: roundDb(rmseOf(samples.map((sample, i) => sample.measuredDbm - crossValidatedDbm[i]!))),
      uncalibratedRmseDb: roundDb(rmseOf(samples.map((sample) => sample.measuredDbm - sample.predictedDbm))),
      count: samples.length,
    },
    crossValidatedDbm,
  };
}

/** The folds are drawn by square blocks of this many ranges a side (see foldOf). */
export const FOLD_BLOCK_RANGES = 2;

/** Metres in a degree of latitude (and of longitude at the equator), on the sphere of R = 6,371 km. */
const METRES_PER_DEGREE = (6_371_000 * Math.PI) / 180;

/**
 * The fold (0 .. folds − 1) of a sample: the block it lies in (squares FOLD_BLOCK_RANGES ranges a
 * side, by latitude and by longitude scaled to metres at its latitude) through a 32-bit mix
 * (murmur3's finaliser). Measurements near one another share their shadowing: a drive test's
 * points tens of metres apart on one road, or the same spot imported twice. Were they spread over
 * the folds, each would be predicted from its twins by the spatial term, and σ would say the map
 * is better than it is far from any measurement. A whole block is held out together, so a held-out
 * measurement's spatial correction comes only from measurements at least a range or so away, as
 * at a new customer's spot; the offsets still learn from every other block.
 */
export function foldOf(sample: Pick<FitSample, 'lat' | 'lng'>, options: FitOptions): number {
  const blockM = options.rangeM * FOLD_BLOCK_RANGES;
  const row = Math.floor((sample.lat * METRES_PER_DEGREE) / blockM);
  const col = Math.floor((sample.lng * METRES_PER_DEGREE * Math.cos((sample.lat * Math.PI) / 180)) / blockM);
  let h = Math.imul(row | 0, 0x9e3779b1) ^ (col | 0);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % options.folds;
}

function checkInput(samples: readonly FitSample[], options: FitOptions): void {
  if (samples.length < MIN_CALIBRATION_MEASUREMENTS) {
    throw new RangeError(
      `A calibration needs at least ${MIN_CALIBRATION_MEASUREMENTS} measurements with a signal and a prediction; there are ${samples.length}`,
    );
  }
  if (!Number.isInteger(options.folds) || options.folds < 2) throw new RangeError('folds must be a whole number of at least 2');
  if (!(Number.isFinite(options.rangeM) && options.rangeM > 0)) throw new RangeError('rangeM must be a distance above 0 metres');
  for (const sample of samples) {
    for (const field of ['lat', 'lng', 'predictedDbm', 'measuredDbm'] as const) {
      if (!Number.isFinite(sample[field])) throw new RangeError(`Measurement ${sample.id}: ${field} must be a finite number`);
    }
    if (!RECEIVER_CLASSES.includes(sample.receiverClass))
      throw new RangeError(`Measurement ${sample.id}: receiverClass must be one of ${RECEIVER_CLASSES.join(', ')}`);
  }
}

/** Each sample's sector group (tower and sector) and class group, numbered once for every fit. */
interface Groups {
  sectorOf: Int32Array;
  /** Group g's tower and sector. */
  sectors: { towerId: number; sectorId: number | null }[];
  classOf: Int32Array;
  residualDb: Float64Array;
}

function groupsOf(samples: readonly FitSample[]): Groups {
  const sectorNumbers = new Map<string, number>();
  const sectors: Groups['sectors'] = [];
  const sectorOf = new Int32Array(samples.length);
  const classOf = new Int32Array(samples.length);
  const residualDb = new Float64Array(samples.length);
  samples.forEach((sample, i) => {
    const key = `${sample.towerId}:${sample.sectorId ?? 'omni'}`;
    let group = sectorNumbers.get(key);
    if (group === undefined) {
      group = sectors.length;
      sectorNumbers.set(key, group);
      sectors.push({ towerId: sample.towerId, sectorId: sample.sectorId });
    }
    sectorOf[i] = group;
    classOf[i] = RECEIVER_CLASSES.indexOf(sample.receiverClass);
    residualDb[i] = sample.measuredDbm - sample.predictedDbm;
  });
  return { sectorOf, sectors, classOf, residualDb };
}

/**
 * The terms fitted to the samples listed in `members` (indices into samples): the exact minimum of
 *   Σ (r − g − s[sector] − c[class])² + SECTOR_PSEUDO_COUNT·Σ s² + CLASS_PSEUDO_COUNT·Σ c²
 * (ridge regression, which is what pseudo-counts toward 0 are). Backfitting the terms in turn
 * would crawl there: each pass closes only k/(n + k) of the gap between g and a class of n
 * samples. Instead the sector terms, each of which meets only its own samples, are eliminated
 * (s_j = (R_j − N_j·u) / (n_j + k), u = (g, c…), N_j sector j's counts of each) and the
 * (1 + classes)-square system left for u is solved directly.
 */
function fitTerms(samples: readonly FitSample[], members: Int32Array, groups: Groups, options: FitOptions): CalibrationTerms {
  const { sectorOf, classOf, residualDb } = groups;
  const sectorCount = groups.sectors.length;
  const width = 1 + RECEIVER_CLASSES.length;
  // Per sector: its count of each column of u (column 0, g: every sample; 1 + c: class c), and Σ r.
  const sectorColumns = new Float64Array(sectorCount * width);
  const sectorSums = new Float64Array(sectorCount);
  // The normal equations of u with the sectors eliminated: matrix · u = right.
  const matrix = new Float64Array(width * width);
  const right = new Float64Array(width);
  for (const i of members) {
    const sector = sectorOf[i]!;
    const column = 1 + classOf[i]!;
    const r = residualDb[i]!;
    sectorColumns[sector * width]! += 1;
    sectorColumns[sector * width + column]! += 1;
    sectorSums[sector]! += r;
    matrix[0]! += 1;
    matrix[column]! += 1;
    matrix[column * width]! += 1;
    matrix[column * width + column]! += 1;
    right[0]! += r;
    right[column]! += r;
  }
  for (let c = 1; c < width; c++) matrix[c * width + c]! += CLASS_PSEUDO_COUNT;
  for (let j = 0; j < sectorCount; j++) {
    const a = 1 / (sectorColumns[j * width]! + SECTOR_PSEUDO_COUNT);
    for (let row = 0; row < width; row++) {
      const countRow = sectorColumns[j * width + row]!;
      if (countRow === 0) continue;
      right[row]! -= a * countRow * sectorSums[j]!;
      for (let col = 0; col < width; col++) matrix[row * width + col]! -= a * countRow * sectorColumns[j * width + col]!;
    }
  }
  const u = members.length > 0 ? solve(matrix, right, width) : new Float64Array(width);
  let globalDb = u[0]!;
  const classDb = u.subarray(1);
  const sectorDb = new Float64Array(sectorCount);
  for (let j = 0; j < sectorCount; j++) {
    let explained = 0;
    for (let col = 0; col < width; col++) explained += sectorColumns[j * width + col]! * u[col]!;
    sectorDb[j] = (sectorSums[j]! - explained) / (sectorColumns[j * width]! + SECTOR_PSEUDO_COUNT);
  }
  const sectorCounts = sectorColumns.filter((_, k) => k % width === 0);

  // Stored to 0.01 dB, and the residuals left are those of the stored terms.
  globalDb = roundDb(globalDb);
  for (let g = 0; g < sectorDb.length; g++) sectorDb[g] = roundDb(sectorDb[g]!);
  for (let c = 0; c < classDb.length; c++) classDb[c] = roundDb(classDb[c]!);

  const sectorOffsets: SectorOffset[] = [];
  groups.sectors.forEach((sector, g) => {
    if (sectorCounts[g]! > 0) sectorOffsets.push({ ...sector, offsetDb: sectorDb[g]!, count: sectorCounts[g]! });
  });
  sectorOffsets.sort((a, b) => a.towerId - b.towerId || (a.sectorId ?? 0) - (b.sectorId ?? 0));

  const spatialByTower = new Map<number, SpatialResiduals>();
  for (const i of members) {
    const sample = samples[i]!;
    let spatial = spatialByTower.get(sample.towerId);
    if (spatial === undefined) {
      spatial = { towerId: sample.towerId, lats: [], lngs: [], residualsDb: [] };
      spatialByTower.set(sample.towerId, spatial);
    }
    // 1e-6° is about 0.1 m: finer than any measurement's position, and half the stored model's size.
    spatial.lats.push(Math.round(sample.lat * 1e6) / 1e6);
    spatial.lngs.push(Math.round(sample.lng * 1e6) / 1e6);
    spatial.residualsDb.push(roundDb(residualDb[i]! - globalDb - sectorDb[sectorOf[i]!]! - classDb[classOf[i]!]!));
  }

  return {
    globalOffsetDb: globalDb,
    sectorOffsets,
    classOffsetsDb: Object.fromEntries(RECEIVER_CLASSES.map((receiverClass, c) => [receiverClass, classDb[c]!])) as Record<ReceiverClass, number>,
    rangeM: options.rangeM,
    spatial: [...spatialByTower.values()].sort((a, b) => a.towerId - b.towerId),
  };
}

/**
 * Solves the n × n system matrix · x = right (row-major; both overwritten) by Gaussian elimination
 * with partial pivoting. The matrix here is symmetric positive definite (every term but g is
 * penalised, and g is told by every sample), so no pivot is 0.
 */
function solve(matrix: Float64Array, right: Float64Array, n: number): Float64Array {
  for (let k = 0; k < n; k++) {
    let pivot = k;
    for (let row = k + 1; row < n; row++) if (Math.abs(matrix[row * n + k]!) > Math.abs(matrix[pivot * n + k]!)) pivot = row;
    if (pivot !== k) {
      for (let col = 0; col < n; col++) {
        const held = matrix[k * n + col]!;
        matrix[k * n + col] = matrix[pivot * n + col]!;
        matrix[pivot * n + col] = held;
      }
      const held = right[k]!;
      right[k] = right[pivot]!;
      right[pivot] = held;
    }
    for (let row = k + 1; row < n; row++) {
      const factor = matrix[row * n + k]! / matrix[k * n + k]!;
      if (factor === 0) continue;
      for (let col = k; col < n; col++) matrix[row * n + col]! -= factor * matrix[k * n + col]!;
      right[row]! -= factor * right[k]!;
    }
  }
  const x = new Float64Array(n);
  for (let row = n - 1; row >= 0; row--) {
    let sum = right[row]!;
    for (let col = row + 1; col < n; col++) sum -= matrix[row * n + col]! * x[col]!;
    x[row] = sum / matrix[row * n + row]!;
  }
  return x;
}
