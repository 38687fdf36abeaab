import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { LeadType } from '../../common/api/leads.js';
import type { Database, LeadsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

export type NewLeadRecord = Insertable<LeadsTable>;
export type LeadRecord = Selectable<LeadsTable>;

/** A lead with its provider's name and the search it links to: what a lead event tells. */
export interface LeadView extends Omit<LeadRecord, 'lead_type'> {
  lead_type: LeadType;
  /** null for a general inquiry, or a provider deleted since. */
  provider_name: string | null;
  search: { address: string | null; lat: number | null; lng: number | null } | null;
}

/** Who asked whom, to find the lead a new request repeats. */
export interface LeadAsker {
  /** null: a general inquiry. */
  provider_id: number | null;
  /** Lower case. */
  email: string | null;
  /** The phone number's digits only. */
  phone_digits: string | null;
  /** Only a lead created after this (ISO-8601 UTC) can be repeated. */
  created_after: string;
}

/** What a repeated request changes on its lead; null fields keep the lead's. */
export interface LeadRepeat {
  message: string | null;
  search_id: number | null;
  email: string | null;
  phone: string | null;
  /** ISO-8601 UTC: last_requested_at and updated_at. */
  at: string;
}

/** What the phone rule (common/api/fields.ts) lets stand between a number's digits, as people type them. */
const PHONE_SEPARATORS = [' ', '\t', '\u00a0', '-', '(', ')', '+'];

/**
 * A stored phone number's digits, in SQL both databases share (SQLite has no regular expressions):
 * the separators removed one by one. A number with a rarer space inside finds no repeat, and is
 * stored as a new lead.
 */
const phoneDigits = PHONE_SEPARATORS.reduce((inner, separator) => sql<string>`replace(${inner}, ${separator}, '')`, sql<string>`phone`);

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

  /**
   * Counts a new request of `asker` on the newest lead it repeats (same provider, same e-mail
   * ignoring case or same phone digits, created after asker.created_after), in one statement: the
   * row is found and changed under its row lock (PostgreSQL: a second request racing for the same
   * lead waits, then counts on top). The changed lead, or undefined when there is none to repeat.
   */
  async recordRepeat(asker: LeadAsker, repeat: LeadRepeat, trx: Executor): Promise<LeadRecord | undefined> {
    if (asker.email === null && asker.phone_digits === null) return undefined;
    const sameAsker = (eb: ExpressionBuilder<Database, 'leads'>) =>
      eb.or([
        ...(asker.email === null ? [] : [eb(eb.fn('lower', ['email']), '=', asker.email)]),
        ...(asker.phone_digits === null ? [] : [eb.and([eb('phone', 'is not', null), eb(phoneDigits, '=', asker.phone_digits)])]),
      ]);
    const repeated = trx
      .selectFrom('leads')
      .select('id')
      .where((eb) => (asker.provider_id === null ? eb('provider_id', 'is', null) : eb('provider_id', '=', asker.provider_id)))
      .where('created_at', '>', asker.created_after)
      .where(sameAsker)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1);
    return trx
      .updateTable('leads')
      .set((eb) => ({
        request_count: eb('request_count', '+', 1),
        message: repeat.message ?? eb.ref('message'),
        search_id: repeat.search_id ?? eb.ref('search_id'),
        // A request that adds a way to reach the visitor fills it in; a given one is kept.
        email: eb.fn.coalesce('email', eb.val(repeat.email)),
        phone: eb.fn.coalesce('phone', eb.val(repeat.phone)),
        last_requested_at: repeat.at,
        updated_at: repeat.at,
      }))
      .where('id', '=', repeated)
      .returningAll()
      .executeTakeFirst();
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
    // Only the lead types of common/api/leads.ts are ever stored.
    return {
      ...lead,
      lead_type: lead.lead_type as LeadType,
      search: found_search_id === null ? null : { address: search_address, lat: search_lat, lng: search_lng },
    };
  }
}
