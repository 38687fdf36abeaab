import type { Insertable, Selectable } from 'kysely';
import type { LeadsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

export type NewLeadRecord = Insertable<LeadsTable>;
export type LeadRecord = Selectable<LeadsTable>;

/** A lead with its provider's name and the search it links to: what a lead event tells. */
export interface LeadView extends LeadRecord {
  /** null for a general inquiry, or a provider deleted since. */
  provider_name: string | null;
  search: { address: string | null; lat: number | null; lng: number | null } | null;
}

/** SQL for leads. */
export class LeadRepository {
  constructor(private readonly db: Executor) {}

  async insert(lead: NewLeadRecord, trx?: Executor): Promise<number> {
    const { id } = await (trx ?? this.db).insertInto('leads').values(lead).returning('id').executeTakeFirstOrThrow();
    return id;
  }

  /** Sets what an admin changed (status, notes); the changed lead, or undefined when there is no such lead. */
  async update(id: number, changes: { status?: string; notes?: string | null; updated_at: string }, trx?: Executor): Promise<LeadRecord | undefined> {
    return (trx ?? this.db).updateTable('leads').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  /** The lead with its provider's name and its search's place. */
  async view(id: number, trx?: Executor): Promise<LeadView | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('leads as l')
      .leftJoin('providers as p', 'p.id', 'l.provider_id')
      .leftJoin('search_logs as s', 's.id', 'l.search_id')
      .selectAll('l')
      .select(['p.name as provider_name', 's.id as found_search_id', 's.address as search_address', 's.lat as search_lat', 's.lng as search_lng'])
      .where('l.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { found_search_id, search_address, search_lat, search_lng, ...lead } = row;
    return { ...lead, search: found_search_id === null ? null : { address: search_address, lat: search_lat, lng: search_lng } };
  }
}
