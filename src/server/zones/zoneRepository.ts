import { type Selectable, sql } from 'kysely';
import { type DialectName, fromBool, isForeignKeyViolation, toBool, toCount } from '../db/dialect.js';
import type { ZonesTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** A stored zone (its row, `active` as a boolean) with its provider's name and its confirmed pre-registrations. */
export type ZoneRecord = Omit<Selectable<ZonesTable>, 'active'> & {
  active: boolean;
  provider_name: string;
  /** Waitlist entries of the zone whose e-mailed link was opened. */
  confirmed_count: number;
};

export type NewZone = Omit<ZoneRecord, 'id' | 'provider_name' | 'confirmed_count' | 'goal_reached_at'>;
export type ZoneChanges = Partial<Omit<NewZone, 'created_at'>> & { updated_at: string; goal_reached_at?: string | null };

/** What the goal check reads of a zone, under its row lock. */
export interface ZoneGoalState {
  id: number;
  provider_id: number;
  provider_name: string;
  name: string;
  goal: number;
  deadline: string | null;
  goal_reached_at: string | null;
}

/** Most zones listed (and kept: the service refuses more). */
export const ZONE_LIST_LIMIT = 500;

const ZONE_COLUMNS = [
  'zones.id',
  'zones.provider_id',
  'zones.name',
  'zones.goal',
  'zones.deadline',
  'zones.message',
  'zones.geometry_json',
  'zones.vertex_count',
  'zones.west',
  'zones.south',
  'zones.east',
  'zones.north',
  'zones.active',
  'zones.goal_reached_at',
  'zones.created_at',
  'zones.updated_at',
] as const;

/** SQL for the zones (migration 0016); the confirmed counts are read from waitlist_entries directly. */
export class ZoneRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /** Zones by name (active ones only when asked), each with its confirmed count: one query, one grouped count. */
  async list(options: { activeOnly: boolean }): Promise<ZoneRecord[]> {
    const rows = await this.withCounts(this.db)
      .$if(options.activeOnly, (query) => query.where('zones.active', '=', fromBool(true)))
      .orderBy('zones.name')
      .orderBy('zones.id')
      .limit(ZONE_LIST_LIMIT)
      .execute();
    return rows.map(toRecord);
  }

  async find(id: number, trx?: Executor): Promise<ZoneRecord | undefined> {
    const row = await this.withCounts(trx ?? this.db)
      .where('zones.id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  }

  async count(trx?: Executor): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('zones')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** The new zone's id, or 'no_provider' when its provider does not exist. */
  async insert(zone: NewZone, trx?: Executor): Promise<number | 'no_provider'> {
    try {
      const row = await (trx ?? this.db)
        .insertInto('zones')
        .values({ ...zone, active: fromBool(zone.active) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'no_provider';
      throw error;
    }
  }

  /** Whether the zone exists (and was changed), or 'no_provider' when the new provider does not exist. */
  async update(id: number, changes: ZoneChanges, trx?: Executor): Promise<boolean | 'no_provider'> {
    const { active, ...rest } = changes;
    try {
      const result = await (trx ?? this.db)
        .updateTable('zones')
        .set({ ...rest, ...(active === undefined ? {} : { active: fromBool(active) }) })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    } catch (error) {
      if (isForeignKeyViolation(error)) return 'no_provider';
      throw error;
    }
  }

  /**
   * The zone's provider, its row locked FOR UPDATE until `trx` ends on PostgreSQL (SQLite has one
   * writer at a time): a waitlist entry being written into the zone holds a KEY SHARE lock through
   * its foreign key, which FOR UPDATE waits on and blocks, so no entry joins the zone between
   * hasEntries and the change of provider.
   */
  async lockProvider(id: number, trx: Executor): Promise<number | undefined> {
    const row = await trx
      .selectFrom('zones')
      .select('provider_id')
      .where('id', '=', id)
      .$if(this.dialect === 'postgres', (query) => query.forUpdate())
      .executeTakeFirst();
    return row?.provider_id;
  }

  /** Whether the zone has waitlist entries of any status. */
  async hasEntries(id: number, trx: Executor): Promise<boolean> {
    const row = await trx.selectFrom('waitlist_entries').select('id').where('zone_id', '=', id).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether a row was deleted (its waitlist entries go with it: ON DELETE CASCADE). */
  async delete(id: number, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db).deleteFrom('zones').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The zone's goal state, its row locked until `trx` ends on PostgreSQL (SQLite has one writer at
   * a time): confirmations in the same zone count one after another, so each sees the others'.
   * FOR NO KEY UPDATE, not FOR UPDATE: an entry written in `trx` holds a KEY SHARE lock on the row
   * through its foreign key, which FOR UPDATE would wait on (two such transactions deadlock).
   */
  async lockGoalState(id: number, trx: Executor): Promise<ZoneGoalState | undefined> {
    return trx
      .selectFrom('zones')
      .innerJoin('providers', 'providers.id', 'zones.provider_id')
      .select(['zones.id', 'zones.provider_id', 'providers.name as provider_name', 'zones.name', 'zones.goal', 'zones.deadline', 'zones.goal_reached_at'])
      .where('zones.id', '=', id)
      .$if(this.dialect === 'postgres', (query) => query.forNoKeyUpdate('zones'))
      .executeTakeFirst();
  }

  async confirmedCount(id: number, trx: Executor): Promise<number> {
    const row = await trx
      .selectFrom('waitlist_entries')
      .select(sql<number>`count(*)`.as('n'))
      .where('zone_id', '=', id)
      .where('status', '=', 'confirmed')
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** Sets goal_reached_at unless it is set: true only for the one transaction that set it. */
  async markGoalReached(id: number, at: string, trx: Executor): Promise<boolean> {
    const result = await trx.updateTable('zones').set({ goal_reached_at: at }).where('id', '=', id).where('goal_reached_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Zones joined with their provider's name and their confirmed count (a grouped count of every zone's entries, joined once). */
  private withCounts(db: Executor) {
    return db
      .selectFrom('zones')
      .innerJoin('providers', 'providers.id', 'zones.provider_id')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('waitlist_entries')
            .select(['waitlist_entries.zone_id', sql<number>`count(*)`.as('confirmed')])
            .where('waitlist_entries.status', '=', 'confirmed')
            .where('waitlist_entries.zone_id', 'is not', null)
            .groupBy('waitlist_entries.zone_id')
            .as('counts'),
        (join) => join.onRef('counts.zone_id', '=', 'zones.id'),
      )
      .select([...ZONE_COLUMNS, 'providers.name as provider_name', sql<number>`coalesce(counts.confirmed, 0)`.as('confirmed_count')]);
  }
}

function toRecord(row: Omit<ZoneRecord, 'active' | 'confirmed_count'> & { active: number | boolean; confirmed_count: number | string | bigint }): ZoneRecord {
  return {
    ...row,
    goal: Number(row.goal),
    vertex_count: Number(row.vertex_count),
    active: toBool(row.active),
    confirmed_count: toCount(row.confirmed_count),
  };
}
