import { type SelectQueryBuilder, sql } from 'kysely';
import type { LeadStatus } from '../../common/api/reports.js';
import { cellIndex, type DialectName, toCount } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';
import type { ProviderScope } from '../access/providerScope.js';
import { coveredFlag, isSearch, isSearchOf, isSearchOfEach, isUncovered, wirelessOnlyFlag } from '../leads/searchRule.js';

/** One hour's searches, and those that were covered. */
export interface HourTotal {
  hour: string;
  searches: number;
  covered: number;
}

/** Searches of one kind. */
export interface KindCount {
  action_taken: string;
  search_type: string;
  covered: number;
  wireless_only: number;
  searches: number;
}

/** One search's time and whether it was covered, 1 or 0 (the hours a day boundary cuts). */
export interface SearchTime {
  created_at: string;
  covered: number;
}

/** A UTC range of stored timestamps: ISO text, start included, end excluded. */
export type TimeRange = readonly [string, string];

export interface LeadFilter {
  range: TimeRange;
  /** 0: general inquiries (no provider). */
  providerId?: number;
  leadType?: string;
  status?: LeadStatus;
  /** A provider editor's providers: only their leads (never a general inquiry); null: every lead. */
  scope: ProviderScope;
}

export interface LeadRow {
  id: number;
  created_at: string;
  updated_at: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  message: string | null;
  lead_type: string;
  status: string;
  notes: string | null;
  request_count: number;
  last_requested_at: string | null;
  provider_id: number | null;
  provider_name: string | null;
  search_id: number | null;
  search_type: string | null;
  search_lat: number | null;
  search_lng: number | null;
  search_address: string | null;
  /** The install recorded from the inbox (issue 21): its measurement; null columns when none. */
  install_measurement_id: number | null;
  install_rssi_dbm: number | null;
  install_tower_id: number | null;
  install_sector_id: number | null;
}

export interface SearchExportRow {
  id: number;
  created_at: string;
  search_type: string;
  address: string | null;
  lat: number | null;
  lng: number | null;
  provider_count: number;
  wireless_available: number;
  /** The towers that served the spot. */
  tower_count: number;
  action_taken: string;
}

/** Time ranges per query at a period's edges: a few dozen ORed ranges keep each statement small. */
const RANGES_PER_QUERY = 50;
/** Grid cells a demand map answer holds at most (the busiest first). */
const MAX_MAP_CELLS = 10_000;

/**
 * A read model for reports, over the tables of leads (search logs, their roll-ups, leads) and
 * providers (names). Reads only: every write stays with the domain that owns the table.
 *
 * A `scope` (a provider editor's providers; null: every provider) keeps each read to those
 * providers' searches (the search rule's isSearchOf), leads and rows. The kind roll-ups count the
 * whole map, so a scoped read of searches counts search by search instead.
 */
export class ReportRepository {
  constructor(
    private readonly db: Executor,
    private readonly dialect: DialectName,
  ) {}

  /** Each UTC hour's searches from `fromHour` up to (not including) `toHour` ('YYYY-MM-DDTHH'), from the roll-up (scoped: search by search). */
  async hourTotals(fromHour: string, toHour: string, scope: ProviderScope): Promise<HourTotal[]> {
    if (scope !== null) return this.scopedHourTotals(fromHour, toHour, scope);
    const rows = await this.db
      .selectFrom('search_stats_hourly')
      .select([
        'hour',
        (eb) => eb.fn.sum<string | number>('searches').as('searches'),
        sql<string | number>`sum(case when covered = 1 then searches else 0 end)`.as('covered'),
      ])
      .where('hour', '>=', fromHour)
      .where('hour', '<', toHour)
      .groupBy('hour')
      .execute();
    return rows.map((row) => ({ hour: row.hour, searches: toCount(row.searches), covered: toCount(row.covered) }));
  }

  /** The searches (follow-ups left out) in any of the ranges, one by one. */
  async searchTimesIn(ranges: readonly TimeRange[], scope: ProviderScope): Promise<SearchTime[]> {
    const rows: SearchTime[] = [];
    for (let start = 0; start < ranges.length; start += RANGES_PER_QUERY) {
      const slice = ranges.slice(start, start + RANGES_PER_QUERY);
      const batch = await this.db
        .selectFrom('search_logs')
        .select(['created_at', coveredFlag().as('covered')])
        .where(isSearch())
        .$if(scope !== null, (qb) => qb.where(isSearchOf(scope!, spanOf(slice))))
        .where((eb) => eb.or(slice.map(([from, to]) => eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]))))
        .execute();
      for (const row of batch) rows.push({ created_at: row.created_at, covered: Number(row.covered) });
    }
    return rows;
  }

  /** Searches by kind over whole UTC days (`from` up to `to`, 'YYYY-MM-DD'), from the daily roll-up. */
  kindsByDay(from: string, to: string): Promise<KindCount[]> {
    return this.kinds(this.db.selectFrom('search_stats_daily').where('day', '>=', from).where('day', '<', to));
  }

  /** Searches by kind over whole UTC hours, from the hourly roll-up. */
  kindsByHour(from: string, to: string): Promise<KindCount[]> {
    return this.kinds(this.db.selectFrom('search_stats_hourly').where('hour', '>=', from).where('hour', '<', to));
  }

  /** Searches by kind (follow-ups left out) in a range, counted one by one. */
  async kindsIn(range: TimeRange, scope: ProviderScope): Promise<KindCount[]> {
    const rows = await this.db
      .selectFrom('search_logs')
      .select([
        'action_taken',
        'search_type',
        coveredFlag().as('covered'),
        wirelessOnlyFlag().as('wireless_only'),
        (eb) => eb.fn.countAll<string | number>().as('searches'),
      ])
      .where(isSearch())
      .$if(scope !== null, (qb) => qb.where(isSearchOf(scope!, range)))
      .where('created_at', '>=', range[0])
      .where('created_at', '<', range[1])
      .groupBy(['action_taken', 'search_type', sql`3`, sql`4`])
      .execute();
    return rows.map((row) => ({ ...row, covered: Number(row.covered), wireless_only: Number(row.wireless_only), searches: toCount(row.searches) }));
  }

  /** Searches per provider over whole UTC days, from the daily roll-up. */
  providersByDay(from: string, to: string, scope: ProviderScope): Promise<Map<number, number>> {
    return this.providerSums(this.db.selectFrom('search_provider_stats_daily').where('day', '>=', from).where('day', '<', to), scope);
  }

  /** Searches per provider over whole UTC hours, from the hourly roll-up. */
  providersByHour(from: string, to: string, scope: ProviderScope): Promise<Map<number, number>> {
    return this.providerSums(this.db.selectFrom('search_provider_stats_hourly').where('hour', '>=', from).where('hour', '<', to), scope);
  }

  /** Searches per provider (follow-ups left out) in a range, counted one by one. */
  async providersIn(range: TimeRange, scope: ProviderScope): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('search_log_providers as p')
      .innerJoin('search_logs as s', 's.id', 'p.search_log_id')
      .select((eb) => ['p.provider_id', eb.fn.countAll<string | number>().as('n')])
      .where(isSearch('s'))
      .where('p.created_at', '>=', range[0])
      .where('p.created_at', '<', range[1])
      .$if(scope !== null, (qb) => qb.where('p.provider_id', 'in', nonEmpty(scope!)))
      .groupBy('p.provider_id')
      .execute();
    return new Map(rows.map((row) => [row.provider_id, toCount(row.n)]));
  }

  /** Every provider's name (scoped: those providers'), by id. */
  async providerNames(scope: ProviderScope): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('providers')
      .select(['id', 'name'])
      .$if(scope !== null, (qb) => qb.where('id', 'in', nonEmpty(scope!)))
      .execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async leadCount(filter: LeadFilter): Promise<number> {
    const row = await withLeadFilter(this.db.selectFrom('leads as l'), filter)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n);
  }

  /** Leads per provider id (null: general inquiries) in a range. */
  async leadsByProvider(range: TimeRange, scope: ProviderScope): Promise<Map<number | null, number>> {
    const rows = await withLeadFilter(this.db.selectFrom('leads as l'), { range, scope })
      .select((eb) => ['l.provider_id', eb.fn.countAll<string | number>().as('n')])
      .groupBy('l.provider_id')
      .execute();
    return new Map(rows.map((row) => [row.provider_id, toCount(row.n)]));
  }

  /** Each lead of a range: when, which type, which provider (for per-day counts in the reports' time zone). */
  leadTimes(range: TimeRange, scope: ProviderScope): Promise<{ created_at: string; lead_type: string; provider_id: number | null }[]> {
    return withLeadFilter(this.db.selectFrom('leads as l'), { range, scope }).select(['l.created_at', 'l.lead_type', 'l.provider_id']).execute();
  }

  /** A page of leads, newest first, after the keyset (created_at, id) of the previous page's last. */
  leadsPage(filter: LeadFilter, after: { created_at: string; id: number } | null, limit: number): Promise<LeadRow[]> {
    return withLeadFilter(this.leadRows(), filter)
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('l.created_at', 'l.id'), '<', eb.tuple(after!.created_at, after!.id))))
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** A lead (undefined: none, or outside the scope). */
  lead(id: number, scope: ProviderScope): Promise<LeadRow | undefined> {
    return this.leadRows()
      .where('l.id', '=', id)
      .$if(scope !== null, (qb) => qb.where('l.provider_id', 'in', nonEmpty(scope!)))
      .executeTakeFirst();
  }

  /**
   * Searches (follow-ups left out) on a grid of `cellDeg` degrees: count, count without coverage
   * and the centroid of those (degrees; null without any), busiest cells first.
   */
  async searchCells(
    range: TimeRange,
    cellDeg: number,
    bounds: { west: number; south: number; east: number; north: number } | null,
    scope: ProviderScope,
  ): Promise<{ gx: number; gy: number; n: number; uncovered: number; ulat: number | null; ulng: number | null }[]> {
    // Shifted to be non-negative, so that a cell index is a floor on both databases.
    const gx = cellIndex(this.dialect, sql<number>`lng + 180`, cellDeg);
    const gy = cellIndex(this.dialect, sql<number>`lat + 90`, cellDeg);
    const rows = await this.db
      .selectFrom('search_logs')
      .select([
        gx.as('gx'),
        gy.as('gy'),
        (eb) => eb.fn.countAll<string | number>().as('n'),
        sql<string | number>`sum(case when ${isUncovered()} then 1 else 0 end)`.as('uncovered'),
        sql<string | number | null>`avg(case when ${isUncovered()} then lat end)`.as('ulat'),
        sql<string | number | null>`avg(case when ${isUncovered()} then lng end)`.as('ulng'),
      ])
      .where('created_at', '>=', range[0])
      .where('created_at', '<', range[1])
      .where(isSearch())
      .$if(scope !== null, (qb) => qb.where(isSearchOf(scope!, range)))
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .$if(bounds !== null, (qb) =>
        qb.where('lat', '>=', bounds!.south).where('lat', '<=', bounds!.north).where('lng', '>=', bounds!.west).where('lng', '<=', bounds!.east),
      )
      .groupBy([sql`1`, sql`2`])
      .orderBy(sql`3`, 'desc')
      .limit(MAX_MAP_CELLS)
      .execute();
    const degrees = (value: string | number | null) => (value === null ? null : Number(value));
    return rows.map((row) => ({
      gx: Number(row.gx),
      gy: Number(row.gy),
      n: toCount(row.n),
      uncovered: toCount(row.uncovered),
      ulat: degrees(row.ulat),
      ulng: degrees(row.ulng),
    }));
  }

  /** A batch of the period's searches (follow-ups left out) after `afterId`, oldest first, for a CSV export. */
  searchesBatch(range: TimeRange, after: { created_at: string; id: number } | null, limit: number, scope: ProviderScope): Promise<SearchExportRow[]> {
    return (
      this.db
        .selectFrom('search_logs')
        .select([
          'id',
          'created_at',
          'search_type',
          'address',
          'lat',
          'lng',
          'wireless_available',
          // A provider editor's export counts their providers and towers only: what others cover is not theirs to see.
          (eb) =>
            scope === null
              ? eb.ref('provider_count').as('provider_count')
              : eb
                  .selectFrom('search_log_providers as p')
                  .select((sub) => sub.fn.countAll<string | number>().as('n'))
                  .whereRef('p.search_log_id', '=', 'search_logs.id')
                  .where('p.provider_id', 'in', scope.length > 0 ? [...scope] : [-1])
                  .as('provider_count'),
          (eb) =>
            eb
              .selectFrom('search_log_towers as t')
              .select((sub) => sub.fn.countAll<string | number>().as('n'))
              .whereRef('t.search_log_id', '=', 'search_logs.id')
              .$if(scope !== null, (sub) =>
                sub.where((w) =>
                  w.exists(
                    w
                      .selectFrom('towers')
                      .select('towers.id')
                      .whereRef('towers.id', '=', 't.tower_id')
                      .where('towers.provider_id', 'in', scope!.length > 0 ? [...scope!] : [-1]),
                  ),
                ),
              )
              .as('tower_count'),
          'action_taken',
        ])
        .where('created_at', '>=', range[0])
        .where('created_at', '<', range[1])
        .where(isSearch())
        .$if(scope !== null, (qb) => qb.where(isSearchOfEach(scope!)))
        // A row-value comparison lets both databases seek the (created_at, id) index to the next batch.
        .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after!.created_at, after!.id))))
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute()
        .then((rows) =>
          rows.map((row) => ({ ...row, provider_count: toCount((row.provider_count ?? 0) as string | number), tower_count: toCount(row.tower_count ?? 0) })),
        )
    );
  }

  private async kinds(query: SelectQueryBuilder<Database, 'search_stats_daily' | 'search_stats_hourly', object>): Promise<KindCount[]> {
    const rows = await query
      .select(['action_taken', 'search_type', 'covered', 'wireless_only', (eb) => eb.fn.sum<string | number>('searches').as('searches')])
      .groupBy(['action_taken', 'search_type', 'covered', 'wireless_only'])
      .execute();
    return rows.map((row) => ({ ...row, searches: toCount(row.searches) }));
  }

  /** Each UTC hour's searches of a scope, counted search by search ('YYYY-MM-DDTHH' is created_at's first 13 characters, as in the roll-up). */
  private async scopedHourTotals(fromHour: string, toHour: string, scope: readonly number[]): Promise<HourTotal[]> {
    const hour = sql<string>`substr(created_at, 1, 13)`;
    // Whole hours: from the first instant of `fromHour` to the first of `toHour`.
    const range: TimeRange = [`${fromHour}:00:00.000Z`, `${toHour}:00:00.000Z`];
    const rows = await this.db
      .selectFrom('search_logs')
      .select([hour.as('hour'), (eb) => eb.fn.countAll<string | number>().as('searches'), sql<string | number>`sum(${coveredFlag()})`.as('covered')])
      .where(isSearch())
      .where(isSearchOf(scope, range))
      .where('created_at', '>=', range[0])
      .where('created_at', '<', range[1])
      .groupBy(sql`1`)
      .execute();
    return rows.map((row) => ({ hour: row.hour, searches: toCount(row.searches), covered: toCount(row.covered) }));
  }

  private async providerSums(
    query: SelectQueryBuilder<Database, 'search_provider_stats_daily' | 'search_provider_stats_hourly', object>,
    scope: ProviderScope,
  ): Promise<Map<number, number>> {
    const rows = await query
      .$if(scope !== null, (qb) => qb.where('provider_id', 'in', nonEmpty(scope!)))
      .select(['provider_id', (eb) => eb.fn.sum<string | number>('searches').as('n')])
      .groupBy('provider_id')
      .execute();
    return new Map(rows.map((row) => [row.provider_id, toCount(row.n)]));
  }

  private leadRows() {
    return (
      this.db
        .selectFrom('leads as l')
        .leftJoin('providers as p', 'p.id', 'l.provider_id')
        .leftJoin('search_logs as s', 's.id', 'l.search_id')
        // One install measurement per lead at most (MeasurementService.installLead replaces it).
        .leftJoin('measurements as m', (join) => join.onRef('m.lead_id', '=', 'l.id').on('m.source', '=', 'install'))
        .select([
          'l.id',
          'l.created_at',
          'l.updated_at',
          'l.name',
          'l.email',
          'l.phone',
          'l.message',
          'l.lead_type',
          'l.status',
          'l.notes',
          'l.request_count',
          'l.last_requested_at',
          'l.provider_id',
          'p.name as provider_name',
          'l.search_id',
          's.search_type as search_type',
          's.lat as search_lat',
          's.lng as search_lng',
          's.address as search_address',
          'm.id as install_measurement_id',
          'm.rssi_dbm as install_rssi_dbm',
          'm.tower_id as install_tower_id',
          'm.sector_id as install_sector_id',
        ])
    );
  }
}

/** The span from the earliest start to the latest end of some ranges. */
function spanOf(ranges: readonly TimeRange[]): TimeRange {
  return ranges.reduce<TimeRange>(([from, to], [start, end]) => [start < from ? start : from, end > to ? end : to], ranges[0]!);
}

/** A scope's ids for an `in` list, which SQL cannot leave empty: -1 is no provider's id (ids are positive). */
function nonEmpty(scope: readonly number[]): readonly number[] {
  return scope.length > 0 ? scope : [-1];
}

/** Leads of a filter's period, provider (0: general inquiries), type, status and scope. */
function withLeadFilter<QB extends SelectQueryBuilder<Database & { l: Database['leads'] }, 'l', object>>(qb: QB, filter: LeadFilter): QB {
  let query = qb.where('l.created_at', '>=', filter.range[0]).where('l.created_at', '<', filter.range[1]);
  if (filter.scope !== null) query = query.where('l.provider_id', 'in', nonEmpty(filter.scope));
  if (filter.providerId !== undefined)
    query = filter.providerId === 0 ? query.where('l.provider_id', 'is', null) : query.where('l.provider_id', '=', filter.providerId);
  if (filter.leadType !== undefined) query = query.where('l.lead_type', '=', filter.leadType);
  if (filter.status !== undefined) query = query.where('l.status', '=', filter.status);
  return query as QB;
}
