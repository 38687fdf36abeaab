import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { WaitlistEntry, WaitlistFilters, WaitlistPoint, WaitlistSummaryRow } from '../../common/api/waitlist.js';
import type { Database, WaitlistEntriesTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import type { WaitlistedSpots } from '../footprints/waitlistedSpots.js';

/** A stored entry as the rules use it: its row without the token hashes and the consent time (only SQL reads those). */
export type WaitlistRecord = Omit<Selectable<WaitlistEntriesTable>, 'confirm_token_hash' | 'unsubscribe_token_hash' | 'consent_at'>;

/** What a new entry's row is made of; `now` is its consent, creation and confirmation-mail time. */
export type NewWaitlistEntry = Pick<
  Selectable<WaitlistEntriesTable>,
  'provider_id' | 'zone_id' | 'name' | 'email' | 'phone' | 'address' | 'lat' | 'lng' | 'dedupe_key' | 'confirm_token_hash' | 'unsubscribe_token_hash'
> & { now: string };

const RECORD_COLUMNS = [
  'waitlist_entries.id',
  'waitlist_entries.provider_id',
  'waitlist_entries.zone_id',
  'waitlist_entries.name',
  'waitlist_entries.email',
  'waitlist_entries.phone',
  'waitlist_entries.address',
  'waitlist_entries.lat',
  'waitlist_entries.lng',
  'waitlist_entries.status',
  'waitlist_entries.dedupe_key',
  'waitlist_entries.created_at',
  'waitlist_entries.confirmed_at',
  'waitlist_entries.unsubscribed_at',
  'waitlist_entries.confirm_sent_at',
] as const;

/** The waitlist's SQL: entries, their notifications, and the admin's read models. */
export class WaitlistRepository implements WaitlistedSpots {
  constructor(private readonly db: Executor) {}

  findByDedupeKey(key: string, trx?: Executor): Promise<WaitlistRecord | undefined> {
    return (trx ?? this.db).selectFrom('waitlist_entries').select(RECORD_COLUMNS).where('dedupe_key', '=', key).executeTakeFirst();
  }

  findByConfirmHash(hash: string, trx?: Executor): Promise<WaitlistRecord | undefined> {
    return (trx ?? this.db).selectFrom('waitlist_entries').select(RECORD_COLUMNS).where('confirm_token_hash', '=', hash).executeTakeFirst();
  }

  findByUnsubscribeHash(hash: string, trx?: Executor): Promise<WaitlistRecord | undefined> {
    return (trx ?? this.db).selectFrom('waitlist_entries').select(RECORD_COLUMNS).where('unsubscribe_token_hash', '=', hash).executeTakeFirst();
  }

  /** Inserts a pending entry; its id, or null when one with its dedupe key exists (another request was first). */
  async insertIfNew(entry: NewWaitlistEntry, trx?: Executor): Promise<number | null> {
    const { now, ...fields } = entry;
    const row = await (trx ?? this.db)
      .insertInto('waitlist_entries')
      .values({ ...fields, status: 'pending', consent_at: now, created_at: now, confirm_sent_at: now })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * A pending (or unsubscribed) entry asked for again: pending, with the latest details, and a new
   * confirmation token when `confirm_token_hash` is given (its mail queued now); without one the
   * earlier mail's link stays valid.
   */
  async renewPending(
    id: number,
    fields: { confirm_token_hash?: string; name: string | null; phone: string | null; address: string; now: string },
    trx?: Executor,
  ): Promise<void> {
    const { now, confirm_token_hash, ...rest } = fields;
    await (trx ?? this.db)
      .updateTable('waitlist_entries')
      .set({
        ...rest,
        ...(confirm_token_hash === undefined ? {} : { confirm_token_hash, confirm_sent_at: now }),
        status: 'pending',
        consent_at: now,
        unsubscribed_at: null,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Confirms a pending entry; false when it was not pending (a concurrent confirmation was first:
   * on PostgreSQL the second UPDATE waits for the first's commit and then matches no row).
   */
  async markConfirmed(id: number, now: string, trx?: Executor): Promise<boolean> {
    const result = await (trx ?? this.db)
      .updateTable('waitlist_entries')
      .set({ status: 'confirmed', confirmed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async markUnsubscribed(id: number, now: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db).updateTable('waitlist_entries').set({ status: 'unsubscribed', unsubscribed_at: now }).where('id', '=', id).execute();
  }

  /** Deletes the entries still unconfirmed whose last sign-up was before `before`; how many. */
  async deletePendingBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('waitlist_entries').where('status', '=', 'pending').where('consent_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The deleted entry's provider, zone and status (no contact details); undefined when there was none. */
  async delete(id: number, trx?: Executor): Promise<{ provider_id: number | null; zone_id: number | null; status: string } | undefined> {
    return (trx ?? this.db).deleteFrom('waitlist_entries').where('id', '=', id).returning(['provider_id', 'zone_id', 'status']).executeTakeFirst();
  }

  /** The admin's list: newest first, a page at a time, and how many match. */
  async list(filters: WaitlistFilters, offset: number, limit: number): Promise<{ items: WaitlistEntry[]; total: number }> {
    const [items, count] = await Promise.all([
      this.entriesQuery(filters).orderBy('waitlist_entries.id', 'desc').offset(offset).limit(limit).execute(),
      this.db
        .selectFrom('waitlist_entries')
        .where(matching(filters))
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: items.map(entryOf), total: Number(count.n) };
  }

  /** Entries matching the filters with ids below `beforeId`, newest first (keyset batches of a CSV export). */
  async listBatch(filters: WaitlistFilters, beforeId: number | null, limit: number): Promise<WaitlistEntry[]> {
    let query = this.entriesQuery(filters);
    if (beforeId !== null) query = query.where('waitlist_entries.id', '<', beforeId);
    return (await query.orderBy('waitlist_entries.id', 'desc').limit(limit).execute()).map(entryOf);
  }

  /** Counts per provider (null: any provider) and status. */
  async summary(): Promise<WaitlistSummaryRow[]> {
    const rows = await this.db
      .selectFrom('waitlist_entries')
      .leftJoin('providers', 'providers.id', 'waitlist_entries.provider_id')
      .select((eb) => [
        'waitlist_entries.provider_id',
        'providers.name as provider_name',
        eb.fn.count<string | number>(eb.case().when('waitlist_entries.status', '=', 'pending').then(1).end()).as('pending'),
        eb.fn.count<string | number>(eb.case().when('waitlist_entries.status', '=', 'confirmed').then(1).end()).as('confirmed'),
        eb.fn.count<string | number>(eb.case().when('waitlist_entries.status', '=', 'unsubscribed').then(1).end()).as('unsubscribed'),
        eb.fn
          .count<string | number>(
            eb
              .case()
              .when(eb.exists(eb.selectFrom('waitlist_notifications as n').select('n.id').whereRef('n.entry_id', '=', 'waitlist_entries.id')))
              .then(1)
              .end(),
          )
          .as('notified'),
      ])
      .groupBy(['waitlist_entries.provider_id', 'providers.name'])
      .orderBy('providers.name')
      .execute();
    return rows.map((row) => ({
      provider_id: row.provider_id,
      provider_name: row.provider_name ?? 'Any provider',
      pending: Number(row.pending),
      confirmed: Number(row.confirmed),
      unsubscribed: Number(row.unsubscribed),
      notified: Number(row.notified),
    }));
  }

  /** The newest `limit` confirmed entries' spots. */
  points(limit: number): Promise<WaitlistPoint[]> {
    return this.db
      .selectFrom('waitlist_entries')
      .select(['lat', 'lng', 'provider_id', 'zone_id'])
      .where('status', '=', 'confirmed')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** What-if (footprints' WaitlistedSpots): confirmed entries' spots inside a box (degrees), newest first. */
  waitlistedSpotsIn(bounds: { south: number; west: number; north: number; east: number }, limit: number): Promise<{ lat: number; lng: number }[]> {
    return (
      this.db
        .selectFrom('waitlist_entries')
        .select(['lat', 'lng'])
        .where('status', '=', 'confirmed')
        // A tower is the site's own service: it tells those waiting for any provider, not those waiting for a named one.
        .where('provider_id', 'is', null)
        .where('lat', '>=', bounds.south)
        .where('lat', '<=', bounds.north)
        .where('lng', '>=', bounds.west)
        .where('lng', '<=', bounds.east)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    );
  }

  /** Confirmed entries with ids above `afterId`, in id order: the matcher's batches. */
  confirmedAfter(afterId: number, limit: number): Promise<WaitlistRecord[]> {
    return this.db
      .selectFrom('waitlist_entries')
      .select(RECORD_COLUMNS)
      .where('status', '=', 'confirmed')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** The (entry, provider key) pairs already told of, among `entryIds`. */
  async notifiedAmong(entryIds: readonly number[]): Promise<Set<string>> {
    if (entryIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('waitlist_notifications').select(['entry_id', 'provider_key']).where('entry_id', 'in', entryIds).execute();
    return new Set(rows.map((row) => notificationKey(row.entry_id, row.provider_key)));
  }

  /**
   * Records that an entry is told of these providers (0: the site's towers); returns the keys that
   * were new. The unique (entry_id, provider_key) makes a second writer's rows no-ops, so only
   * the one that inserted a key mails it.
   */
  async insertNotifications(entryId: number, providerKeys: readonly number[], now: string, trx: Executor): Promise<number[]> {
    if (providerKeys.length === 0) return [];
    const rows = await trx
      .insertInto('waitlist_notifications')
      .values(providerKeys.map((key) => ({ entry_id: entryId, provider_key: key, notified_at: now })))
      .onConflict((oc) => oc.columns(['entry_id', 'provider_key']).doNothing())
      .returning('provider_key')
      .execute();
    return rows.map((row) => row.provider_key);
  }

  /** Which of `ids` are still confirmed (an entry may have unsubscribed since its batch was read). */
  async confirmedAmong(ids: readonly number[], trx: Executor): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await trx.selectFrom('waitlist_entries').select('id').where('id', 'in', ids).where('status', '=', 'confirmed').execute();
    return new Set(rows.map((row) => row.id));
  }

  private entriesQuery(filters: WaitlistFilters) {
    return this.db
      .selectFrom('waitlist_entries')
      .where(matching(filters))
      .leftJoin('providers', 'providers.id', 'waitlist_entries.provider_id')
      .leftJoin('zones', 'zones.id', 'waitlist_entries.zone_id')
      .select(RECORD_COLUMNS)
      .select((eb) => [
        'providers.name as provider_name',
        'zones.name as zone_name',
        eb
          .selectFrom('waitlist_notifications as n')
          .select((inner) => inner.fn.min('n.notified_at').as('first'))
          .whereRef('n.entry_id', '=', 'waitlist_entries.id')
          .as('notified_at'),
      ]);
  }
}

/** The key of a notification in a set: the entry and the provider (0: towers). */
export function notificationKey(entryId: number, providerKey: number): string {
  return `${entryId}:${providerKey}`;
}

function entryOf(row: WaitlistRecord & { provider_name: string | null; zone_name: string | null; notified_at: string | null }): WaitlistEntry {
  const { dedupe_key: _key, confirm_sent_at: _sent, ...entry } = row;
  return { ...entry, notified_at: row.notified_at ?? null };
}

/** The admin's filters as one condition (provider_id 0: entries for any provider). */
function matching(filters: WaitlistFilters) {
  return (eb: ExpressionBuilder<Database, 'waitlist_entries'>): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [];
    if (filters.provider_id === 0) conditions.push(eb('waitlist_entries.provider_id', 'is', null));
    else if (filters.provider_id !== undefined) conditions.push(eb('waitlist_entries.provider_id', '=', filters.provider_id));
    if (filters.status !== undefined) conditions.push(eb('waitlist_entries.status', '=', filters.status));
    if (filters.zone_id !== undefined) conditions.push(eb('waitlist_entries.zone_id', '=', filters.zone_id));
    return eb.and(conditions);
  };
}
