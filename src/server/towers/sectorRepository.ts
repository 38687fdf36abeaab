import type { Insertable, Selectable, Updateable } from 'kysely';
import { fromBool, toBool } from '../db/dialect.js';
import type { TowerSectorsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** A sector as the rules see it: the stored columns, `active` a real boolean. */
export type SectorRecord = Omit<Selectable<TowerSectorsTable>, 'active'> & { active: boolean };
export type NewSectorRecord = Omit<SectorRecord, 'id'>;
export type SectorChanges = Partial<Omit<SectorRecord, 'id' | 'tower_id' | 'created_at'>>;

/** Rows per INSERT of insertMany: a sector row binds 12 parameters, so 500 rows bind 6,000 (see INSERT_CHUNK_ROWS). */
const SECTOR_INSERT_CHUNK_ROWS = 500;

/** SQL for towers' sectors; records in, records out. */
export class SectorRepository {
  constructor(private readonly db: Executor) {}

  /** Every sector, by tower, then name. */
  async listAll(trx?: Executor): Promise<SectorRecord[]> {
    const rows = await (trx ?? this.db).selectFrom('tower_sectors').selectAll().orderBy('tower_id').orderBy('name').orderBy('id').execute();
    return rows.map(toRecord);
  }

  /** One tower's sectors, by name. */
  async listOf(towerId: number, trx?: Executor): Promise<SectorRecord[]> {
    const rows = await (trx ?? this.db).selectFrom('tower_sectors').selectAll().where('tower_id', '=', towerId).orderBy('name').orderBy('id').execute();
    return rows.map(toRecord);
  }

  async insert(record: NewSectorRecord, trx?: Executor): Promise<SectorRecord> {
    const row = await (trx ?? this.db).insertInto('tower_sectors').values(toRow(record)).returningAll().executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /** Inserts the records in chunks and returns how many were stored. Give a transaction to make it all or nothing. */
  async insertMany(records: readonly NewSectorRecord[], trx?: Executor): Promise<number> {
    const executor = trx ?? this.db;
    let inserted = 0;
    for (let start = 0; start < records.length; start += SECTOR_INSERT_CHUNK_ROWS) {
      const chunk = records.slice(start, start + SECTOR_INSERT_CHUNK_ROWS).map((record) => toRow(record));
      const result = await executor.insertInto('tower_sectors').values(chunk).executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? BigInt(chunk.length));
    }
    return inserted;
  }

  async update(towerId: number, sectorId: number, changes: SectorChanges, trx?: Executor): Promise<SectorRecord | undefined> {
    const row = await (trx ?? this.db)
      .updateTable('tower_sectors')
      .set(toRow(changes))
      .where('id', '=', sectorId)
      .where('tower_id', '=', towerId)
      .returningAll()
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Returns the deleted record, or undefined when the tower has no such sector. */
  async delete(towerId: number, sectorId: number, trx?: Executor): Promise<SectorRecord | undefined> {
    const row = await (trx ?? this.db).deleteFrom('tower_sectors').where('id', '=', sectorId).where('tower_id', '=', towerId).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }

  /** The ids among `ids` that name a pattern of the library. */
  async existingPatternIds(ids: readonly number[], trx?: Executor): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await (trx ?? this.db)
      .selectFrom('antenna_patterns')
      .select('id')
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Set(rows.map((row) => row.id));
  }
}

function toRecord(row: Selectable<TowerSectorsTable>): SectorRecord {
  return { ...row, active: toBool(row.active) };
}

function toRow(record: NewSectorRecord): Insertable<TowerSectorsTable>;
function toRow(changes: SectorChanges): Updateable<TowerSectorsTable>;
function toRow(record: SectorChanges): Updateable<TowerSectorsTable> {
  const { active, ...plain } = record;
  return { ...plain, ...(active === undefined ? {} : { active: fromBool(active) }) };
}
