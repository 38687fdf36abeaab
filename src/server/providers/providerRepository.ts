import type { Insertable, Selectable, Updateable } from 'kysely';
import { type ApiFieldsMapping, apiFieldsMapping } from '../../common/api/providers.js';
import { type DialectName, fromBool, fromJsonText, toBool, toJsonText } from '../db/dialect.js';
import type { ProviderScope } from '../access/providerScope.js';
import { providerScopeCondition } from '../access/providerScopeSql.js';
import type { ProvidersTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/**
 * A provider as the rules see it: the stored columns with real booleans and parsed settings. The
 * headers and the auth config (they hold API keys) stay sealed with APP_SECRET
 * (system/secretBox.ts); only the provider service opens them.
 */
export type ProviderRecord = Omit<Selectable<ProvidersTable>, 'active' | 'auto_sync' | 'api_fields_mapping'> & {
  active: boolean;
  auto_sync: boolean;
  api_fields_mapping: ApiFieldsMapping | null;
};
export type NewProviderRecord = Omit<ProviderRecord, 'id'>;
export type ProviderChanges = Partial<Omit<ProviderRecord, 'id' | 'created_at'>>;
export type SyncOutcome = Pick<ProviderRecord, 'sync_status' | 'last_sync' | 'sync_error_message'>;

/** SQL for providers; records in, records out. */
export class ProviderRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /** The providers inside the scope (null: all), by name. */
  async list(scope: ProviderScope): Promise<ProviderRecord[]> {
    const rows = await this.db.selectFrom('providers').selectAll().where(providerScopeCondition(scope, 'providers.id')).orderBy('name').orderBy('id').execute();
    return rows.map(toRecord);
  }

  async find(id: number, trx?: Executor): Promise<ProviderRecord | undefined> {
    const row = await (trx ?? this.db).selectFrom('providers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /**
   * The provider in `trx`, its row locked until the transaction ends on PostgreSQL (SQLite runs
   * one writer at a time): two updates at once each see the logo the other left.
   */
  async findForUpdate(id: number, trx: Executor): Promise<ProviderRecord | undefined> {
    const row = await trx
      .selectFrom('providers')
      .selectAll()
      .where('id', '=', id)
      .$if(this.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async insert(record: NewProviderRecord, trx?: Executor): Promise<ProviderRecord> {
    const row = await (trx ?? this.db).insertInto('providers').values(toRow(record)).returningAll().executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async update(id: number, changes: ProviderChanges, trx?: Executor): Promise<ProviderRecord | undefined> {
    const row = await (trx ?? this.db).updateTable('providers').set(toRow(changes)).where('id', '=', id).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }

  /** Sync bookkeeping only: it does not change coverage. */
  async recordSync(id: number, outcome: SyncOutcome, trx?: Executor): Promise<void> {
    await (trx ?? this.db).updateTable('providers').set(outcome).where('id', '=', id).execute();
  }

  /** Deletes the provider and (by cascade) its layers. Returns the deleted record. */
  async delete(id: number, trx?: Executor): Promise<ProviderRecord | undefined> {
    const row = await (trx ?? this.db).deleteFrom('providers').where('id', '=', id).returningAll().executeTakeFirst();
    return row && toRecord(row);
  }
}

function toRecord(row: Selectable<ProvidersTable>): ProviderRecord {
  return {
    ...row,
    active: toBool(row.active),
    auto_sync: toBool(row.auto_sync),
    api_fields_mapping: fromJsonText(row.api_fields_mapping, (value) => apiFieldsMapping.safeParse(value).data ?? null),
  };
}

/** The columns of a record or of changes to one (absent fields stay absent). */
function toRow(record: NewProviderRecord): Insertable<ProvidersTable>;
function toRow(changes: ProviderChanges): Updateable<ProvidersTable>;
function toRow(record: ProviderChanges): Updateable<ProvidersTable> {
  const { active, auto_sync: autoSync, api_fields_mapping: mapping, ...plain } = record;
  return {
    ...plain,
    ...(active === undefined ? {} : { active: fromBool(active) }),
    ...(autoSync === undefined ? {} : { auto_sync: fromBool(autoSync) }),
    ...(mapping === undefined ? {} : { api_fields_mapping: mapping === null ? null : toJsonText(mapping) }),
  };
}
