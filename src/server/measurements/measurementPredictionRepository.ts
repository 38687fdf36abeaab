import { sql } from 'kysely';
import type { ClutterClass } from '../../common/api/clutterAreas.js';
import type { MeasurementSource } from '../../common/api/measurements.js';
import { toCount } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** Length of a tower's part of a prediction key (hex): the key is `<tower part>:<the measurement's own part>`. */
export const TOWER_KEY_LENGTH = 32;

/** What a measurement's prediction is made from. Degrees; height above the ground in metres. */
export interface PredictionTarget {
  id: number;
  towerId: number;
  /** The sector named on import; null: the best serving one. */
  sectorId: number | null;
  lat: number;
  lng: number;
  heightM: number;
  cpeProfile: string | null;
  predictionKey: string | null;
}

/** The model's answer at a measurement, as stored. */
export interface StoredPrediction {
  id: number;
  key: string;
  /** dBm; null out of range or for a tower that radiates nothing. */
  predictedDbm: number | null;
  lineOfSight: boolean | null;
  sectorId: number | null;
  distanceM: number;
  clutterClass: ClutterClass | null;
  predictedAt: string;
}

/** A measurement with its prediction: what the fit, its hash and the report read. */
export interface PredictedMeasurement {
  id: number;
  towerId: number;
  /** The sector the prediction is from (the named one, else the best serving); null for an omni tower. */
  sectorId: number | null;
  lat: number;
  lng: number;
  rssiDbm: number | null;
  source: MeasurementSource;
  cpeProfile: string | null;
  predictedDbm: number | null;
  lineOfSight: boolean | null;
  distanceM: number | null;
  clutterClass: ClutterClass | null;
}

/** How many measurements of a tower carry a key whose tower part is `towerKey` (null: never predicted). */
export interface TowerKeyCount {
  towerId: number;
  towerKey: string | null;
  count: number;
}

/** SQL of the prediction columns of `measurements` (migration 0018); the rows themselves are measurementRepository's. */
export class MeasurementPredictionRepository {
  constructor(private readonly db: Executor) {}

  /** The towers some measurement is from. */
  async towerIds(trx?: Executor): Promise<number[]> {
    const rows = await (trx ?? this.db).selectFrom('measurements').select('tower_id').distinct().orderBy('tower_id').execute();
    return rows.map((row) => row.tower_id);
  }

  /** Up to `limit` measurements of a tower after `afterId`, by id. */
  async targets(towerId: number, afterId: number, limit: number, trx?: Executor): Promise<PredictionTarget[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('measurements')
      .select(['id', 'tower_id', 'sector_id', 'latitude', 'longitude', 'height_m', 'cpe_profile', 'prediction_key'])
      .where('tower_id', '=', towerId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      towerId: row.tower_id,
      sectorId: row.sector_id,
      lat: row.latitude,
      lng: row.longitude,
      heightM: row.height_m,
      cpeProfile: row.cpe_profile,
      predictionKey: row.prediction_key,
    }));
  }

  /** Stores predictions, one UPDATE each (a measurement deleted meanwhile updates nothing). Give a transaction to write a batch at once. */
  async write(predictions: readonly StoredPrediction[], trx?: Executor): Promise<void> {
    const executor = trx ?? this.db;
    for (const prediction of predictions) {
      await executor
        .updateTable('measurements')
        .set({
          predicted_dbm: prediction.predictedDbm,
          predicted_los: prediction.lineOfSight === null ? null : prediction.lineOfSight ? 1 : 0,
          predicted_sector_id: prediction.sectorId,
          distance_m: prediction.distanceM,
          clutter_class: prediction.clutterClass,
          prediction_key: prediction.key,
          predicted_at: prediction.predictedAt,
        })
        .where('id', '=', prediction.id)
        .execute();
    }
  }

  /** Measurements counted by tower and by the tower part of their key: what the pending count compares with the current keys. */
  async towerKeyCounts(trx?: Executor): Promise<TowerKeyCount[]> {
    const towerKey = sql<string | null>`substr(prediction_key, 1, ${sql.lit(TOWER_KEY_LENGTH)})`;
    const rows = await (trx ?? this.db)
      .selectFrom('measurements')
      .select(['tower_id', towerKey.as('tower_key'), (eb) => eb.fn.countAll().as('count')])
      .groupBy(['tower_id', towerKey])
      .execute();
    return rows.map((row) => ({ towerId: row.tower_id, towerKey: row.tower_key, count: toCount(row.count as string | number | bigint) }));
  }

  /** Every predicted measurement (a key set), by id. */
  async predicted(trx?: Executor): Promise<PredictedMeasurement[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('measurements')
      .select([
        'id',
        'tower_id',
        'predicted_sector_id',
        'latitude',
        'longitude',
        'rssi_dbm',
        'source',
        'cpe_profile',
        'predicted_dbm',
        'predicted_los',
        'distance_m',
        'clutter_class',
      ])
      .where('prediction_key', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      towerId: row.tower_id,
      sectorId: row.predicted_sector_id,
      lat: row.latitude,
      lng: row.longitude,
      rssiDbm: row.rssi_dbm,
      source: row.source as MeasurementSource,
      cpeProfile: row.cpe_profile,
      predictedDbm: row.predicted_dbm,
      lineOfSight: row.predicted_los === null ? null : row.predicted_los === 1,
      distanceM: row.distance_m,
      clutterClass: row.clutter_class as ClutterClass | null,
    }));
  }

  /** Every measurement stored. */
  async total(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return toCount(row.count as string | number | bigint);
  }

  /**
   * What moves whenever the predicted measurements do, in one cheap read: how many there are, the
   * newest id and the latest prediction's time (an insert, a delete or a prediction moves one).
   */
  async changeMarker(trx?: Executor): Promise<string> {
    const row = await (trx ?? this.db)
      .selectFrom('measurements')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.max('id').as('max_id'), eb.fn.max('predicted_at').as('latest')])
      .executeTakeFirstOrThrow();
    return `${toCount(row.count as string | number | bigint)}:${String(row.max_id ?? '')}:${row.latest ?? ''}`;
  }
}
