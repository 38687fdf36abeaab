import { type Insertable, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { MeasurementSource } from '../../common/api/measurements.js';
import type { DialectName } from '../db/dialect.js';
import type { Database, MeasurementsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

export type MeasurementRecord = Selectable<MeasurementsTable>;
export type NewMeasurementRecord = Omit<
  Insertable<MeasurementsTable>,
  'id' | 'predicted_dbm' | 'predicted_los' | 'predicted_sector_id' | 'distance_m' | 'clutter_class' | 'prediction_key' | 'predicted_at'
>;

/** A measurement with the names of its tower and sector. */
export interface MeasurementView extends MeasurementRecord {
  tower_name: string;
  tower_code: string | null;
  sector_name: string | null;
}

/** The filters as SQL takes them: measured_at in [fromIso, beforeIso) (ISO instants; text order is time order). */
export interface MeasurementWhere {
  towerId?: number;
  sectorId?: number;
  source?: MeasurementSource;
  fromIso?: string;
  beforeIso?: string;
}

export interface MeasurementPointRow {
  id: number;
  latitude: number;
  longitude: number;
  rssi_dbm: number | null;
  predicted_dbm: number | null;
  source: string;
}

/** Where a lead's search was made (degrees); null coordinates: it was not made at a spot. */
export interface LeadSpot {
  lat: number | null;
  lng: number | null;
}

/**
 * Rows per INSERT. A measurement binds 12 parameters, so 1,000 rows bind 12,000: below SQLite's
 * bound-parameter limit (32,766) and PostgreSQL's (65,535).
 */
export const MEASUREMENT_INSERT_CHUNK_ROWS = 1000;

/**
 * The PostgreSQL advisory lock (transaction-scoped) every transaction that adds measurements holds
 * from its count of the total to its commit. Any constant no other code locks on will do. Advisory
 * locks are the database's, not a schema's: servers on other schemas of the same database share
 * it, which only makes their imports wait for one another. A waiter waits at most the statement
 * timeout (DATABASE_STATEMENT_TIMEOUT_MS), then answers 503 and may be sent again.
 */
const ADDING_MEASUREMENTS_LOCK = 21_000_001;

type MeasurementQuery = SelectQueryBuilder<Database & { m: MeasurementsTable }, 'm', object>;

/** SQL for measurements; records in, records out. */
export class MeasurementRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /**
   * How many measurements are stored, for a transaction about to add some (the cap,
   * MEASUREMENT_MAX_STORED): the count holds until `trx` commits against every other transaction
   * that counts this way. PostgreSQL: an advisory lock is taken first, so a second import waits for
   * the first to commit, and its count (READ COMMITTED: a statement sees what committed before it
   * started) includes the first's rows; it does not hold back reads, deletes or the predictor's
   * updates, as a lock on the table would. SQLite: the process has one connection and Kysely runs
   * one transaction on it at a time; another process's write after this count makes this
   * transaction's first write fail (SQLITE_BUSY), never pass.
   */
  async totalForAdding(trx: Executor): Promise<number> {
    if (this.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ADDING_MEASUREMENTS_LOCK})`.execute(trx);
    const row = await trx
      .selectFrom('measurements')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Inserts up to MEASUREMENT_INSERT_CHUNK_ROWS records in one statement; how many were stored. */
  async insertChunk(records: readonly NewMeasurementRecord[], trx?: Executor): Promise<number> {
    if (records.length === 0) return 0;
    const result = await (trx ?? this.db).insertInto('measurements').values(records).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? BigInt(records.length));
  }

  /** Inserts one record; its id. */
  async insert(record: NewMeasurementRecord, trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db).insertInto('measurements').values(record).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async count(where: MeasurementWhere): Promise<number> {
    const row = await filtered(this.db.selectFrom('measurements as m'), where)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of measurements, newest measured first. */
  page(where: MeasurementWhere, offset: number, limit: number): Promise<MeasurementView[]> {
    return this.views(where).orderBy('m.measured_at', 'desc').orderBy('m.id', 'desc').offset(offset).limit(limit).execute();
  }

  /** Up to `limit` measurements with id above `afterId`, by id (an export's batches). */
  batchAfter(where: MeasurementWhere, afterId: number, limit: number): Promise<MeasurementView[]> {
    return this.views(where).where('m.id', '>', afterId).orderBy('m.id').limit(limit).execute();
  }

  /** The newest `limit` spots (measured_at, then id, descending). */
  points(where: MeasurementWhere, limit: number): Promise<MeasurementPointRow[]> {
    return filtered(this.db.selectFrom('measurements as m'), where)
      .select(['m.id', 'm.latitude', 'm.longitude', 'm.rssi_dbm', 'm.predicted_dbm', 'm.source'])
      .orderBy('m.measured_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The deleted row as stored; undefined when there was none. */
  async delete(id: number, trx?: Executor) {
    return (trx ?? this.db).deleteFrom('measurements').where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** Deletes every measurement the filters match; how many. */
  async deleteWhere(where: MeasurementWhere, trx?: Executor): Promise<number> {
    const db = trx ?? this.db;
    const result = await db
      .deleteFrom('measurements')
      .where('id', 'in', filtered(db.selectFrom('measurements as m'), where).select('m.id'))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The lead's search spot; undefined: no such lead. */
  async leadSpot(leadId: number, trx?: Executor): Promise<LeadSpot | undefined> {
    return (trx ?? this.db)
      .selectFrom('leads as l')
      .leftJoin('search_logs as s', 's.id', 'l.search_id')
      .where('l.id', '=', leadId)
      .select(['s.lat as lat', 's.lng as lng'])
      .executeTakeFirst();
  }

  /** Removes the measurements linked to the lead (its recorded install, before a new one replaces it). */
  async deleteOfLead(leadId: number, trx?: Executor): Promise<void> {
    await (trx ?? this.db).deleteFrom('measurements').where('lead_id', '=', leadId).execute();
  }

  private views(where: MeasurementWhere) {
    return filtered(this.db.selectFrom('measurements as m'), where)
      .innerJoin('towers as t', 't.id', 'm.tower_id')
      .leftJoin('tower_sectors as s', 's.id', 'm.sector_id')
      .selectAll('m')
      .select(['t.name as tower_name', 't.code as tower_code', 's.name as sector_name']);
  }
}

function filtered<QB extends MeasurementQuery>(qb: QB, where: MeasurementWhere): QB {
  let query = qb;
  if (where.towerId !== undefined) query = query.where('m.tower_id', '=', where.towerId) as QB;
  if (where.sectorId !== undefined) query = query.where('m.sector_id', '=', where.sectorId) as QB;
  if (where.source !== undefined) query = query.where('m.source', '=', where.source) as QB;
  if (where.fromIso !== undefined) query = query.where('m.measured_at', '>=', where.fromIso) as QB;
  if (where.beforeIso !== undefined) query = query.where('m.measured_at', '<', where.beforeIso) as QB;
  return query;
}
