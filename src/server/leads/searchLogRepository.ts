import type { Selectable } from 'kysely';
import type { SearchAction } from '../../common/api/leads.js';
import type { SearchLogsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import { coveredFlagOf, isSearch, isSearchLog, isUncovered, wirelessOnlyFlagOf } from './searchRule.js';

export type SearchLogRecord = Selectable<SearchLogsTable>;

/** A search to store: where and how the visitor searched, and what they did. */
export interface NewSearchLog {
  session_id: string;
  search_type: string;
  lat: number | null;
  lng: number | null;
  address: string | null;
  action_taken: SearchAction;
  created_at: string;
}

/** A provider a search found, with the status it had there (null when its own API answered). */
export interface FoundProvider {
  provider_id: number;
  service_status: string | null;
}

/** What the server's coverage found at a search's spot. */
export interface SearchFound {
  providers: readonly FoundProvider[];
  /** A tower reaches the spot. */
  wireless: boolean;
  /** The towers that serve the spot (none when `wireless` is false). */
  towers: readonly number[];
}

/** Rows per INSERT of found providers or towers: 4 values each at most stays far below SQLite's limit of bound parameters. */
const INSERT_CHUNK_ROWS = 500;

/** The roll-ups' UTC hour and day of a timestamp: 'YYYY-MM-DDTHH' and 'YYYY-MM-DD'. */
const hourOf = (createdAt: string) => createdAt.slice(0, 13);
const dayOf = (createdAt: string) => createdAt.slice(0, 10);

/** A kind of search, as the roll-ups count them. */
interface SearchKind {
  action_taken: string;
  search_type: string;
  covered: number;
  wireless_only: number;
}

/**
 * SQL for search logs, the providers each search found, and their hourly and daily roll-ups
 * (search_stats_*, search_provider_stats_*), which every write keeps in step in the caller's
 * transaction. Follow-ups are not searches (searchRule.ts) and stay out of the roll-ups.
 */
export class SearchLogRepository {
  constructor(private readonly db: Executor) {}

  /** Stores a search, or a follow-up of `followUpOf`, with what was found at its spot. Run it in a transaction. */
  async insert(log: NewSearchLog, found: SearchFound, followUpOf: number | null, trx: Executor): Promise<number> {
    const unique = [...new Map(found.providers.map((p) => [p.provider_id, p])).values()];
    const counted = { provider_count: unique.length, wireless_available: found.wireless ? 1 : 0 };
    const { id } = await trx
      .insertInto('search_logs')
      .values({ ...log, ...counted, follow_up_of: followUpOf })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = unique.map((p) => ({ search_log_id: id, provider_id: p.provider_id, service_status: p.service_status, created_at: log.created_at }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK_ROWS) {
      await trx
        .insertInto('search_log_providers')
        .values(rows.slice(start, start + INSERT_CHUNK_ROWS))
        .execute();
    }
    const towers = [...new Set(found.towers)].map((towerId) => ({ search_log_id: id, tower_id: towerId }));
    for (let start = 0; start < towers.length; start += INSERT_CHUNK_ROWS) {
      await trx
        .insertInto('search_log_towers')
        .values(towers.slice(start, start + INSERT_CHUNK_ROWS))
        .execute();
    }
    if (isSearchLog({ follow_up_of: followUpOf })) {
      const kind = {
        action_taken: log.action_taken,
        search_type: log.search_type,
        covered: coveredFlagOf(counted),
        wireless_only: wirelessOnlyFlagOf(counted),
      };
      await this.count(trx, log.created_at, kind, 1);
      for (const provider of unique) {
        await trx
          .insertInto('search_provider_stats_hourly')
          .values({ hour: hourOf(log.created_at), provider_id: provider.provider_id, searches: 1 })
          .onConflict((oc) => oc.columns(['hour', 'provider_id']).doUpdateSet((eb) => ({ searches: eb('search_provider_stats_hourly.searches', '+', 1) })))
          .execute();
        await trx
          .insertInto('search_provider_stats_daily')
          .values({ day: dayOf(log.created_at), provider_id: provider.provider_id, searches: 1 })
          .onConflict((oc) => oc.columns(['day', 'provider_id']).doUpdateSet((eb) => ({ searches: eb('search_provider_stats_daily.searches', '+', 1) })))
          .execute();
      }
    }
    return id;
  }

  /**
   * The search a log of `sessionId` at this point follows: the session's latest log, when it is at
   * the same point and address (the id of the search itself when that log is a follow-up too).
   */
  async followedSearch(sessionId: string, at: Pick<NewSearchLog, 'lat' | 'lng' | 'address'>, trx: Executor): Promise<SearchLogRecord | undefined> {
    const latest = await trx.selectFrom('search_logs').selectAll().where('session_id', '=', sessionId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (!latest || latest.lat !== at.lat || latest.lng !== at.lng || latest.address !== at.address) return undefined;
    if (isSearchLog(latest)) return latest;
    return trx.selectFrom('search_logs').selectAll().where('id', '=', latest.follow_up_of).executeTakeFirst();
  }

  /** What a stored search found: its providers, whether a tower reached it, and which towers. */
  async foundBy(search: SearchLogRecord, trx: Executor): Promise<SearchFound> {
    const providers = await trx.selectFrom('search_log_providers').select(['provider_id', 'service_status']).where('search_log_id', '=', search.id).execute();
    const towers = await trx.selectFrom('search_log_towers').select('tower_id').where('search_log_id', '=', search.id).orderBy('tower_id').execute();
    return { providers, wireless: search.wireless_available === 1, towers: towers.map((row) => row.tower_id) };
  }

  /**
   * Where the newest `limit` searches inside the box (degrees) were not covered: the leads
   * domain's answer to what footprints ask of searches (footprints/uncoveredSearches.ts).
   */
  async uncoveredSearchesIn(bounds: { south: number; west: number; north: number; east: number }, limit: number): Promise<{ lat: number; lng: number }[]> {
    const rows = await this.db
      .selectFrom('search_logs')
      .select(['lat', 'lng'])
      .where(isSearch())
      .where(isUncovered())
      .where('lat', '>=', bounds.south)
      .where('lat', '<=', bounds.north)
      .where('lng', '>=', bounds.west)
      .where('lng', '<=', bounds.east)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((row) => (row.lat === null || row.lng === null ? [] : [{ lat: row.lat, lng: row.lng }]));
  }

  /**
   * Records what the visitor did after the search, moving the search between the roll-ups' action
   * counts; undefined when there is no such search. Run it in a transaction.
   */
  async recordAction(id: number, action: SearchAction, trx: Executor): Promise<SearchLogRecord | undefined> {
    const before = await trx.selectFrom('search_logs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) return undefined;
    if (before.action_taken === action) return before;
    const after = await trx.updateTable('search_logs').set({ action_taken: action }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    if (isSearchLog(before)) {
      const kind = { search_type: before.search_type, covered: coveredFlagOf(before), wireless_only: wirelessOnlyFlagOf(before) };
      await this.count(trx, before.created_at, { ...kind, action_taken: before.action_taken }, -1);
      await this.count(trx, before.created_at, { ...kind, action_taken: action }, 1);
    }
    return after;
  }

  /** Moves the hour's and the day's count of a kind of search by `by`. */
  private async count(trx: Executor, createdAt: string, kind: SearchKind, by: 1 | -1): Promise<void> {
    await trx
      .insertInto('search_stats_hourly')
      .values({ ...kind, hour: hourOf(createdAt), searches: by })
      .onConflict((oc) =>
        oc
          .columns(['hour', 'action_taken', 'search_type', 'covered', 'wireless_only'])
          .doUpdateSet((eb) => ({ searches: eb('search_stats_hourly.searches', '+', by) })),
      )
      .execute();
    await trx
      .insertInto('search_stats_daily')
      .values({ ...kind, day: dayOf(createdAt), searches: by })
      .onConflict((oc) =>
        oc
          .columns(['day', 'action_taken', 'search_type', 'covered', 'wireless_only'])
          .doUpdateSet((eb) => ({ searches: eb('search_stats_daily.searches', '+', by) })),
      )
      .execute();
  }
}
