import { type Selectable, sql } from 'kysely';
import { fromFloat64Bytes, isForeignKeyViolation, toCount, toFloat64Bytes } from '../db/dialect.js';
import type { AntennaPatternsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** A stored pattern without its tables, and how many sectors use it. */
export interface PatternSummaryRecord {
  id: number;
  name: string;
  format: string;
  file_name: string | null;
  peak_gain_dbi: number;
  tilt_deg: number;
  tilt_azimuth_deg: number;
  builtin_key: string | null;
  created_at: string;
  sector_count: number;
}

/** A stored pattern with its tables, dB below the peak, 360 entries each. */
export interface PatternRecord extends PatternSummaryRecord {
  horizontal_db: number[];
  vertical_db: number[];
}

export type NewPatternRecord = Omit<PatternRecord, 'id' | 'sector_count' | 'builtin_key'>;

/** A sector that uses a pattern, named for a message. */
export interface PatternUser {
  tower_name: string;
  sector_name: string;
}

const SUMMARY_COLUMNS = ['id', 'name', 'format', 'file_name', 'peak_gain_dbi', 'tilt_deg', 'tilt_azimuth_deg', 'builtin_key', 'created_at'] as const;

/** SQL for the antenna pattern library; the tables are stored packed (dialect.ts toFloat64Bytes). */
export class AntennaPatternRepository {
  constructor(private readonly db: Executor) {}

  /**
   * Every pattern, built-ins first, then by name, with its tables (the list answers each pattern's
   * beamwidths, worked out from them; a library holds tens of patterns, 5.8 KB each).
   */
  async list(): Promise<PatternRecord[]> {
    const rows = await this.db
      .selectFrom('antenna_patterns')
      .select([...SUMMARY_COLUMNS, 'horizontal_db', 'vertical_db'])
      .select((eb) =>
        eb
          .selectFrom('tower_sectors')
          .whereRef('tower_sectors.antenna_pattern_id', '=', 'antenna_patterns.id')
          .select(sql<number>`count(*)`.as('n'))
          .as('sector_count'),
      )
      .orderBy(sql`case when builtin_key is null then 1 else 0 end`)
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(({ sector_count, ...row }) => toRecord(row, toCount(sector_count ?? 0)));
  }

  async find(id: number, trx?: Executor): Promise<PatternRecord | undefined> {
    const executor = trx ?? this.db;
    const row = await executor.selectFrom('antenna_patterns').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const users = await executor
      .selectFrom('tower_sectors')
      .select(sql<number>`count(*)`.as('n'))
      .where('antenna_pattern_id', '=', id)
      .executeTakeFirstOrThrow();
    return toRecord(row, toCount(users.n));
  }

  async insert(record: NewPatternRecord, trx?: Executor): Promise<PatternRecord> {
    const row = await (trx ?? this.db)
      .insertInto('antenna_patterns')
      .values({
        name: record.name,
        format: record.format,
        file_name: record.file_name,
        peak_gain_dbi: record.peak_gain_dbi,
        horizontal_db: toFloat64Bytes(record.horizontal_db),
        vertical_db: toFloat64Bytes(record.vertical_db),
        tilt_deg: record.tilt_deg,
        tilt_azimuth_deg: record.tilt_azimuth_deg,
        builtin_key: null,
        created_at: record.created_at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row, 0);
  }

  /** The sectors that use a pattern, by tower and sector name. */
  async usersOf(id: number, trx?: Executor): Promise<PatternUser[]> {
    return (trx ?? this.db)
      .selectFrom('tower_sectors')
      .innerJoin('towers', 'towers.id', 'tower_sectors.tower_id')
      .select(['towers.name as tower_name', 'tower_sectors.name as sector_name'])
      .where('tower_sectors.antenna_pattern_id', '=', id)
      .orderBy('towers.name')
      .orderBy('tower_sectors.name')
      .execute();
  }

  /**
   * Deletes a pattern: 'deleted', 'missing', or 'in_use' when a sector refers to it (the foreign
   * key's RESTRICT, for a sector added since the caller looked; the transaction is then spent).
   */
  async delete(id: number, trx?: Executor): Promise<'deleted' | 'missing' | 'in_use'> {
    try {
      const result = await (trx ?? this.db).deleteFrom('antenna_patterns').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0 ? 'deleted' : 'missing';
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'in_use';
      throw error;
    }
  }
}

function toRecord(row: Selectable<AntennaPatternsTable>, sectorCount: number): PatternRecord {
  const { horizontal_db, vertical_db, ...rest } = row;
  return { ...rest, sector_count: sectorCount, horizontal_db: fromFloat64Bytes(horizontal_db), vertical_db: fromFloat64Bytes(vertical_db) };
}
