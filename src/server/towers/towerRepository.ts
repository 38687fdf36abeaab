import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ProviderScope } from '../access/providerScope.js';
import { providerScopeCondition } from '../access/providerScopeSql.js';
import { fromBool, toBool } from '../db/dialect.js';
import type { TowersTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import { existingProviderIds } from '../providers/existingProviderIds.js';

/** A tower as the rules see it: the stored columns, `active` a real boolean. */
export type TowerRecord = Omit<Selectable<TowersTable>, 'active'> & { active: boolean };
export type NewTowerRecord = Omit<TowerRecord, 'id'>;
export type TowerChanges = Partial<Omit<TowerRecord, 'id' | 'created_at'>>;

/**
 * Rows per INSERT of insertMany. A tower row binds 15 parameters, so 500 rows bind 7,500: far below
 * SQLite's bound-parameter limit (32,766) and PostgreSQL's (65,535).
 */
export const INSERT_CHUNK_ROWS = 500;

/** SQL for towers; records in, records out. */
export class TowerRepository {
  constructor(private readonly db: Executor) {}

  /** Every tower, by name. */
  async list(): Promise<TowerRecord[]> {
    return this.listInScope(null);
  }

  /** The towers of the providers inside the scope (null: every tower, the operator's too), by name. */
  async listInScope(scope: ProviderScope): Promise<TowerRecord[]> {
    const rows = await this.db
      .selectFrom('towers')
      .selectAll()
      .where(providerScopeCondition(scope, 'towers.provider_id'))
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  /** The ids of the towers inside the scope. */
  async idsInScope(scope: ProviderScope): Promise<Set<number>> {
    const rows = await this.db.selectFrom('towers').select('id').where(providerScopeCondition(scope, 'towers.provider_id')).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Which of these provider ids name a provider (a tower's owner must). */
  async existingProviderIds(ids: readonly number[], trx?: Executor): Promise<Set<number>> {
    return existingProviderIds(trx ?? this.db, ids);
  }

  /** The towers that serve: line of sight and the wireless answer of coverage checks use these. */
  async listActive(trx?: Executor): Promise<TowerRecord[]> {
    const rows = await (trx ?? this.db).selectFrom('towers').selectAll().where('active', '=', fromBool(true)).orderBy('name').orderBy('id').execute();
    return rows.map(toRecord);
  }

  async find(id: number, trx?: Executor): Promise<TowerRecord | undefined> {
    const row = await (trx ?? this.db).selectFrom('towers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(record: NewTowerRecord, trx?: Executor): Promise<TowerRecord> {
    const row = await (trx ?? this.db).insertInto('towers').values(toRow(record)).returningAll().executeTakeFirstOrThrow();
    return toRecord(row);
  }

  /**
   * Inserts the records in chunks of INSERT_CHUNK_ROWS rows and returns how many were stored. Give a
   * transaction to make it all or nothing.
   */
  async insertMany(records: readonly NewTowerRecord[], trx?: Executor): Promise<number> {
    const executor = trx ?? this.db;
    let inserted = 0;
    for (let start = 0; start < records.length; start += INSERT_CHUNK_ROWS) {
      const chunk = records.slice(start, start + INSERT_CHUNK_ROWS).map((record) => toRow(record));
      const result = await executor.insertInto('towers').values(chunk).executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? BigInt(chunk.length));
    }
    return inserted;
  }

  async update(id: number, changes: TowerChanges, trx?: Executor): Promise<TowerRecord | undefined> {
    const row = await (trx ?? this.db).updateTable('towers').set(toRow(changes)).where('id', '=', id).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The tower, held against other writers until `trx` ends (an update that changes nothing takes
   * PostgreSQL's row lock; SQLite runs one write transaction at a time), so that two sectors added
   * at once are counted one after the other. Undefined when there is no such tower.
   */
  async lockForChange(id: number, trx: Executor): Promise<TowerRecord | undefined> {
    const row = await trx
      .updateTable('towers')
      .set((eb) => ({ id: eb.ref('id') }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toRecord(row);
  }

  /** Returns the deleted record, or undefined when there was none. */
  async delete(id: number, trx?: Executor): Promise<TowerRecord | undefined> {
    const row = await (trx ?? this.db).deleteFrom('towers').where('id', '=', id).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }
}

function toRecord(row: Selectable<TowersTable>): TowerRecord {
  return { ...row, active: toBool(row.active) };
}

/** The columns of a record or of changes to one (absent fields stay absent). */
function toRow(record: NewTowerRecord): Insertable<TowersTable>;
function toRow(changes: TowerChanges): Updateable<TowersTable>;
function toRow(record: TowerChanges): Updateable<TowersTable> {
  const { active, ...plain } = record;
  return { ...plain, ...(active === undefined ? {} : { active: fromBool(active) }) };
}
