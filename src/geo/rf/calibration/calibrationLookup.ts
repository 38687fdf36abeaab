import Flatbush from 'flatbush';
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
 * point outside the residuals' box grown by the range; inside, a flatbush of the residuals'
 * spots finds the few within range.
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
    const offsetsDb = this.globalOffsetDb + (this.sectorOffsetsDb.get(sectorId) ?? 0) + (this.classOffsetsDb[receiverClass] ?? 0);
    return this.spatial === null ? offsetsDb : offsetsDb + this.spatial.correctionDb(lat, lng);
  }
}

/**
 * The spatial part of one tower's correction. The residuals' spots are projected once onto a
 * plane tangent at their mean latitude (x east, y north, metres from the first spot's longitude
 * and the mean latitude): over the few tens of kilometres a tower serves, distances on it are
 * within a fraction of a percent of the great circle's.
 */
class SpatialCorrection {
  private readonly index: Flatbush;
  private readonly residualsDb: Float64Array;
  private readonly originLat: number;
  private readonly originLng: number;
  private readonly mPerDegLng: number;
  private readonly rangeM: number;
  private readonly rangeSquared: number;
  /** The residuals' box grown by the range, plane metres: outside it the correction is 0. */
  private readonly minX: number;
  private readonly minY: number;
  private readonly maxX: number;
  private readonly maxY: number;
  // The query in progress, read by `accumulate` (flatbush calls it per candidate; it keeps none).
  private queryX = 0;
  private queryY = 0;
  private sumWeights = 0;
  private sumWeighted = 0;

  constructor(spatial: SpatialResiduals, rangeM: number) {
    const count = spatial.residualsDb.length;
    let latSum = 0;
    for (const lat of spatial.lats) latSum += lat;
    this.originLat = latSum / count;
    this.originLng = spatial.lngs[0]!;
    this.mPerDegLng = M_PER_DEG * Math.cos((this.originLat * Math.PI) / 180);
    this.rangeM = rangeM;
    this.rangeSquared = rangeM * rangeM;
    this.residualsDb = Float64Array.from(spatial.residualsDb);
    this.index = new Flatbush(count);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < count; i++) {
      const x = this.planeX(spatial.lngs[i]!);
      const y = this.planeY(spatial.lats[i]!);
      this.index.add(x, y, x, y);
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    this.index.finish();
    this.minX = minX - rangeM;
    this.minY = minY - rangeM;
    this.maxX = maxX + rangeM;
    this.maxY = maxY + rangeM;
  }

  correctionDb(lat: number, lng: number): number {
    const x = this.planeX(lng);
    const y = this.planeY(lat);
    if (x < this.minX || x > this.maxX || y < this.minY || y > this.maxY) return 0;
    this.queryX = x;
    this.queryY = y;
    this.sumWeights = 0;
    this.sumWeighted = 0;
    this.index.search(x - this.rangeM, y - this.rangeM, x + this.rangeM, y + this.rangeM, this.accumulate);
    return this.sumWeighted / (this.sumWeights + SPATIAL_PSEUDO_WEIGHT);
  }

  /** Adds a candidate residual's weight; answers false so that flatbush collects nothing. */
  private readonly accumulate = (i: number, x: number, y: number): boolean => {
    const dx = x - this.queryX;
    const dy = y - this.queryY;
    const distanceSquared = dx * dx + dy * dy;
    if (distanceSquared < this.rangeSquared) {
      const t = 1 - distanceSquared / this.rangeSquared;
      const weight = t * t;
      this.sumWeights += weight;
      this.sumWeighted += weight * this.residualsDb[i]!;
    }
    return false;
  };

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
