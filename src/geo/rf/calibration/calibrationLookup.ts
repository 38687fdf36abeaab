import { EARTH_RADIUS_M } from '../../sphere.js';
import type { CalibrationModel, CorrectionPoint, ReceiverClass, SpatialResiduals, TowerCalibration } from './calibrationModel.js';

/**
 * Applying a calibration (calibrationModel.ts): a point's correction, signal dB, is the global
 * offset + its sector's offset + its receiver class's offset + the spatial correction of its
 * tower's residuals there. The spatial correction is a kernel-weighted mean shrunk toward 0:
 * Σ w·r / (Σ w + SPATIAL_PSEUDO_WEIGHT), w = (1 − d²/R²)² within R = the model's rangeM of each
 * residual's spot and 0 beyond: a lone residual right at the spot counts for a third of itself,
 * a dense drive test for nearly all of its local mean, and nothing reaches past R.
 */

/**
 * The shrinkage of the spatial correction, in kernel weight (one residual at the spot weighs 1):
 * about the ratio of a single measurement's noise variance to the variance of the shadowing the
 * spatial term is there to learn (≈ 6² / 4² dB²), so one isolated install moves its spot by a third
 * of its residual.
 */
export const SPATIAL_PSEUDO_WEIGHT = 2;

/**
 * What a tower's hash is prefixed with: it names how the terms are applied (the kernel and its
 * shrinkage), so that changing either changes every tower's hash and the footprints recompute.
 */
const APPLICATION_VERSION = `quartic-kernel/${SPATIAL_PSEUDO_WEIGHT}`;

/** Metres per degree of latitude on the product's sphere. */
const M_PER_DEG = (EARTH_RADIUS_M * Math.PI) / 180;

/** The terms a correction is computed from: a whole fitted model, or a cross-validation fold's fit. */
export type CalibrationTerms = Pick<CalibrationModel, 'globalOffsetDb' | 'sectorOffsets' | 'classOffsetsDb' | 'rangeM' | 'spatial'>;

/** The key of a sector's offset in TowerCalibration.sectorOffsetsDb. */
export function sectorOffsetKey(sectorId: number | null): string {
  return sectorId === null ? 'omni' : String(sectorId);
}

/** One tower's part of the model, as plain data (for a footprint's worker, and its inputs' key). */
export function towerCalibrationOf(model: CalibrationTerms, towerId: number): TowerCalibration {
  const sectorOffsetsDb: Record<string, number> = {};
  for (const sector of model.sectorOffsets) if (sector.towerId === towerId) sectorOffsetsDb[sectorOffsetKey(sector.sectorId)] = sector.offsetDb;
  return {
    towerId,
    globalOffsetDb: model.globalOffsetDb,
    sectorOffsetsDb,
    classOffsetsDb: model.classOffsetsDb,
    rangeM: model.rangeM,
    spatial: model.spatial.find((residuals) => residuals.towerId === towerId) ?? null,
  };
}

/**
 * A tower's correction at any point, built once per tower and asked once per cell of its
 * footprint: the offsets are looked up in a Map, and the spatial part is skipped outright for a
 * point outside the residuals' box grown by the range; inside, a grid of the residuals' spots
 * finds the few within range.
 */
export class TowerCorrection {
  private readonly globalOffsetDb: number;
  private readonly sectorOffsetsDb: Map<number | null, number>;
  private readonly classOffsetsDb: Record<ReceiverClass, number>;
  private readonly spatial: SpatialCorrection | null;

  constructor(tower: TowerCalibration) {
    this.globalOffsetDb = tower.globalOffsetDb;
    this.sectorOffsetsDb = new Map(Object.entries(tower.sectorOffsetsDb).map(([key, offsetDb]) => [key === 'omni' ? null : Number(key), offsetDb]));
    this.classOffsetsDb = tower.classOffsetsDb;
    this.spatial = tower.spatial !== null && tower.spatial.residualsDb.length > 0 ? new SpatialCorrection(tower.spatial, tower.rangeM) : null;
  }

  /** The correction, signal dB, for a receiver of that class at (lat, lng) degrees, served by that sector (null: the omni antenna). */
  at(sectorId: number | null, receiverClass: ReceiverClass, lat: number, lng: number): number {
    return this.offsetDb(sectorId, receiverClass) + this.spatialDb(lat, lng);
  }

  /** The offsets' part of `at`, dB: global + sector + receiver class. */
  offsetDb(sectorId: number | null, receiverClass: ReceiverClass): number {
    return this.globalOffsetDb + (this.sectorOffsetsDb.get(sectorId) ?? 0) + (this.classOffsetsDb[receiverClass] ?? 0);
  }

  /**
   * The spatial part of `at`, dB: the same for every sector and class of the tower, so a caller
   * sweeping several sectors over the same cells may ask it once per cell.
   */
  spatialDb(lat: number, lng: number): number {
    return this.spatial === null ? 0 : this.spatial.correctionDb(lat, lng);
  }
}

/** Most buckets of a tower's grid (4 MB of starts): a wider spread gets coarser buckets. */
const MAX_BUCKETS = 1 << 20;

/**
 * The spatial part of one tower's correction. The residuals' spots are projected once onto a
 * plane tangent at their mean latitude (x east, y north, metres from the first spot's longitude
 * and the mean latitude): over the few tens of kilometres a tower serves, distances on it are
 * within a fraction of a percent of the great circle's. They are then sorted into a grid of
 * square buckets, range/2 on a side, row by row, so that the buckets of one grid row that a
 * query's circle meets are one run of the sorted arrays, read in a tight loop. Measured side by
 * side over a footprint's 500,000 cells, 2.5 to 3 times faster than a flatbush search gathering
 * the same residuals through its callback.
 */
class SpatialCorrection {
  private readonly xs: Float64Array;
  private readonly ys: Float64Array;
  private readonly residualsDb: Float64Array;
  /** Bucket b (row × columns + column) holds sorted entries starts[b] .. starts[b + 1] − 1. */
  private readonly starts: Int32Array;
  private readonly columns: number;
  private readonly rows: number;
  /** The grid's south-west corner and its buckets' side, plane metres. */
  private readonly gridX: number;
  private readonly gridY: number;
  private readonly bucketM: number;
  private readonly originLat: number;
  private readonly originLng: number;
  private readonly mPerDegLng: number;
  private readonly rangeM: number;
  private readonly rangeSquared: number;

  constructor(spatial: SpatialResiduals, rangeM: number) {
    const count = spatial.residualsDb.length;
    let latSum = 0;
    for (const lat of spatial.lats) latSum += lat;
    this.originLat = latSum / count;
    this.originLng = spatial.lngs[0]!;
    this.mPerDegLng = M_PER_DEG * Math.cos((this.originLat * Math.PI) / 180);
    this.rangeM = rangeM;
    this.rangeSquared = rangeM * rangeM;

    const planeXs = Float64Array.from(spatial.lngs, (lng) => this.planeX(lng));
    const planeYs = Float64Array.from(spatial.lats, (lat) => this.planeY(lat));
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < count; i++) {
      minX = Math.min(minX, planeXs[i]!);
      minY = Math.min(minY, planeYs[i]!);
      maxX = Math.max(maxX, planeXs[i]!);
      maxY = Math.max(maxY, planeYs[i]!);
    }
    this.gridX = minX;
    this.gridY = minY;
    this.bucketM = Math.max(rangeM / 2, Math.sqrt(((maxX - minX + 1) * (maxY - minY + 1)) / MAX_BUCKETS));
    this.columns = Math.floor((maxX - minX) / this.bucketM) + 1;
    this.rows = Math.floor((maxY - minY) / this.bucketM) + 1;

    // A counting sort of the residuals by bucket.
    const bucketOf = new Int32Array(count);
    this.starts = new Int32Array(this.columns * this.rows + 1);
    for (let i = 0; i < count; i++) {
      const column = Math.floor((planeXs[i]! - minX) / this.bucketM);
      const row = Math.floor((planeYs[i]! - minY) / this.bucketM);
      bucketOf[i] = row * this.columns + column;
      this.starts[bucketOf[i]! + 1]! += 1;
    }
    for (let b = 1; b < this.starts.length; b++) this.starts[b]! += this.starts[b - 1]!;
    const next = this.starts.slice(0, -1);
    this.xs = new Float64Array(count);
    this.ys = new Float64Array(count);
    this.residualsDb = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      const k = next[bucketOf[i]!]!++;
      this.xs[k] = planeXs[i]!;
      this.ys[k] = planeYs[i]!;
      this.residualsDb[k] = spatial.residualsDb[i]!;
    }
  }

  correctionDb(lat: number, lng: number): number {
    const x = this.planeX(lng);
    const y = this.planeY(lat);
    const range = this.rangeM;
    const bucket = this.bucketM;
    const lowestRow = Math.max(0, Math.floor((y - range - this.gridY) / bucket));
    const highestRow = Math.min(this.rows - 1, Math.floor((y + range - this.gridY) / bucket));
    if (lowestRow > highestRow || x < this.gridX - range || x > this.gridX + this.columns * bucket + range) return 0;
    let sumWeights = 0;
    let sumWeighted = 0;
    for (let row = lowestRow; row <= highestRow; row++) {
      // The row's band of y, and how far the query's circle reaches east and west within it.
      const south = this.gridY + row * bucket;
      const dyBand = y < south ? south - y : y > south + bucket ? y - south - bucket : 0;
      const halfWidth = Math.sqrt(Math.max(0, this.rangeSquared - dyBand * dyBand));
      const west = Math.max(0, Math.floor((x - halfWidth - this.gridX) / bucket));
      const east = Math.min(this.columns - 1, Math.floor((x + halfWidth - this.gridX) / bucket));
      if (west > east) continue;
      const end = this.starts[row * this.columns + east + 1]!;
      for (let k = this.starts[row * this.columns + west]!; k < end; k++) {
        const dx = this.xs[k]! - x;
        const dy = this.ys[k]! - y;
        const distanceSquared = dx * dx + dy * dy;
        if (distanceSquared < this.rangeSquared) {
          const t = 1 - distanceSquared / this.rangeSquared;
          const weight = t * t;
          sumWeights += weight;
          sumWeighted += weight * this.residualsDb[k]!;
        }
      }
    }
    return sumWeighted / (sumWeights + SPATIAL_PSEUDO_WEIGHT);
  }

  private planeX(lng: number): number {
    // The shorter way round, so that a tower by the antimeridian keeps its neighbours.
    let dLng = lng - this.originLng;
    if (dLng > 180) dLng -= 360;
    else if (dLng < -180) dLng += 360;
    return dLng * this.mPerDegLng;
  }

  private planeY(lat: number): number {
    return (lat - this.originLat) * M_PER_DEG;
  }
}

/**
 * A whole model's corrections, for answers point by point (the line of sight, the feasibility,
 * a measurement's calibrated signal). Each tower's TowerCorrection is built the first time it is
 * asked for and kept. A tower the model has no measurement of gets the global and class offsets.
 */
export class CalibrationLookup {
  private readonly corrections = new Map<number, TowerCorrection>();
  private readonly towers = new Map<number, TowerCalibration>();
  private readonly hashes = new Map<number, string>();

  constructor(private readonly model: CalibrationTerms) {}

  correctionDb(point: CorrectionPoint): number {
    let correction = this.corrections.get(point.towerId);
    if (correction === undefined) {
      correction = new TowerCorrection(this.tower(point.towerId));
      this.corrections.set(point.towerId, correction);
    }
    return correction.at(point.sectorId, point.receiverClass, point.lat, point.lng);
  }

  tower(towerId: number): TowerCalibration {
    let tower = this.towers.get(towerId);
    if (tower === undefined) {
      tower = towerCalibrationOf(this.model, towerId);
      this.towers.set(towerId, tower);
    }
    return tower;
  }

  /**
   * A deterministic string of everything that decides this tower's corrections (its terms as JSON,
   * behind the way they are applied): equal for equal terms, so a fit that leaves a tower's terms
   * as they were leaves its footprint's key too. Long for a tower with many residuals: the server
   * hashes it into its keys.
   */
  towerHash(towerId: number): string {
    let hash = this.hashes.get(towerId);
    if (hash === undefined) {
      hash = `${APPLICATION_VERSION}:${JSON.stringify(this.tower(towerId))}`;
      this.hashes.set(towerId, hash);
    }
    return hash;
  }
}
