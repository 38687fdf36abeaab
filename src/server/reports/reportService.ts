import type { Clock } from '../clock.js';
import { GENERAL_INQUIRY, LEAD_TYPES, SEARCH_ACTIONS, SEARCH_TYPES, type SearchAction } from '../../common/api/leads.js';
import {
  COVERED_BY,
  type CoveredBy,
  type DashboardData,
  type LeadActivityReport,
  type LeadsQuery,
  type LeadsReport,
  type MapDataReport,
  percent,
  type ProvidersReport,
  type ReportLead,
  type SearchesReport,
} from '../../common/api/reports.js';
import type { ProviderScope } from '../access/providerScope.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { coveredFlagOf, wirelessOnlyFlagOf } from '../leads/searchRule.js';
import { collectGarbage } from '../system/collectGarbage.js';
import { type CsvValue, csvPhone, csvStream } from './csv.js';
import { dayIndex, HOUR_MS, isoOf, type ReportPeriod, resolvePeriod } from './period.js';
import type { KindCount, LeadFilter, LeadRow, ReportRepository, TimeRange } from './reportRepository.js';
import { uncoveredClusters } from './uncoveredClusters.js';

type SearchType = (typeof SEARCH_TYPES)[number];
type PeriodQuery = { start_date?: string; end_date?: string };

/** One day's searches, follow-ups left out. */
interface DayCount {
  searches: number;
  covered: number;
}

/** A period's searches by kind. */
interface KindTotals extends DayCount {
  byAction: Record<SearchAction, number>;
  byType: Record<SearchType, number>;
  byCoverage: Record<CoveredBy, number>;
}

/**
 * A span of time cut into what each source counts exactly: whole UTC days (daily roll-ups), the
 * whole UTC hours left at its ends (hourly roll-ups), and what is left of an hour at either end
 * (counted search by search).
 */
interface Tiers {
  days: [string, string] | null;
  hours: [string, string][];
  raw: TimeRange[];
}

/** Names the place nearest a point (degrees); the geocoder's built-in places answer it. */
export interface NearestPlace {
  nearest(point: { lat: number; lng: number }): { name: string; distance_km: number } | null;
}

/** A CSV download: its file name and its text, produced as it is sent. */
export interface CsvExport {
  fileName: string;
  body: AsyncIterable<string>;
}

/** Rows read per batch of a CSV export. */
const EXPORT_BATCH_ROWS = 1000;
/** A long export collects its garbage every this many batches (about 10 MB of CSV), so the server's memory stays flat. */
const EXPORT_BATCHES_PER_COLLECTION = 100;
const TOP_PROVIDERS = 5;
/** Clusters of searches without coverage a demand map answer lists: where to build next. */
const HOTSPOTS = 5;

const DAY_MS = 24 * HOUR_MS;
const hourKey = (ms: number) => isoOf(ms).slice(0, 13);
const dayKey = (ms: number) => isoOf(ms).slice(0, 10);
const hourStart = (key: string) => Date.parse(`${key}:00:00.000Z`);
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

function tiersOf(startMs: number, endMs: number): Tiers {
  const hourFrom = ceilTo(startMs, HOUR_MS);
  const hourTo = floorTo(endMs, HOUR_MS);
  if (hourFrom >= hourTo) return { days: null, hours: [], raw: [[isoOf(startMs), isoOf(endMs)]] };
  const raw: TimeRange[] = [];
  if (startMs < hourFrom) raw.push([isoOf(startMs), isoOf(hourFrom)]);
  if (hourTo < endMs) raw.push([isoOf(hourTo), isoOf(endMs)]);
  const dayFrom = ceilTo(hourFrom, DAY_MS);
  const dayTo = floorTo(hourTo, DAY_MS);
  if (dayFrom >= dayTo) return { days: null, hours: [[hourKey(hourFrom), hourKey(hourTo)]], raw };
  const hours: [string, string][] = [];
  if (hourFrom < dayFrom) hours.push([hourKey(hourFrom), hourKey(dayFrom)]);
  if (dayTo < hourTo) hours.push([hourKey(dayTo), hourKey(hourTo)]);
  return { days: [dayKey(dayFrom), dayKey(dayTo)], hours, raw };
}
const zeroes = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * Reports over searches and leads, in the days of REPORTS_TIME_ZONE.
 * Searches come from the roll-ups (daily for whole UTC days, hourly for the rest); an hour that
 * a day's boundary cuts (zones whose offset is not whole hours) is counted search by search, so
 * every figure is exact at midnight.
 *
 * Every report takes a scope (a provider editor's providers; null: the whole map): a scoped answer
 * counts only those providers' searches (leads/searchRule.ts isSearchOf), leads and rows. The kind
 * roll-ups count the whole map, so a scoped answer counts its searches search by search.
 */
export class ReportService {
  constructor(
    private readonly repo: ReportRepository,
    private readonly clock: Clock,
    private readonly timeZone: string,
    private readonly places: NearestPlace,
  ) {}

  async dashboard(query: PeriodQuery, scope: ProviderScope): Promise<DashboardData> {
    const period = this.period(query);
    const [days, totals, providers, names, leads] = await Promise.all([
      this.searchesPerDay(period, scope),
      this.kindTotals(period, scope),
      this.providerSearches(period, scope),
      this.repo.providerNames(scope),
      this.repo.leadCount({ range: rangeOf(period), scope }),
    ]);
    return {
      overview: { total_searches: totals.searches, total_leads: leads, conversion_rate: percent(leads, totals.searches) },
      coverage_effectiveness: { coverage_rate: percent(totals.covered, totals.searches), by_coverage: byCoverageOf(totals) },
      searches_by_action: SEARCH_ACTIONS.map((action) => ({ action, count: totals.byAction[action] })),
      top_providers: [...providers]
        .map(([id, count]) => ({ provider_id: id, provider_name: nameOf(names, id), count }))
        .sort((a, b) => b.count - a.count || a.provider_name.localeCompare(b.provider_name))
        .slice(0, TOP_PROVIDERS),
      period: { start_date: period.startDate, end_date: period.endDate },
      searches_per_day: period.days.map((day, i) => ({ date: day.date, searches: days[i]!.searches })),
    };
  }

  async searches(query: PeriodQuery, scope: ProviderScope): Promise<SearchesReport> {
    const period = this.period(query);
    const [days, totals] = await Promise.all([this.searchesPerDay(period, scope), this.kindTotals(period, scope)]);
    return {
      period: { start_date: period.startDate, end_date: period.endDate },
      days: period.days.map((day, i) => ({
        date: day.date,
        searches: days[i]!.searches,
        with_coverage: days[i]!.covered,
        without_coverage: days[i]!.searches - days[i]!.covered,
      })),
      by_coverage: byCoverageOf(totals),
      by_search_type: SEARCH_TYPES.map((type) => ({ search_type: type, count: totals.byType[type] })),
    };
  }

  /** Every search of the period (follow-ups left out), oldest first. */
  searchesCsv(query: PeriodQuery, scope: ProviderScope): CsvExport {
    const period = this.period(query);
    const range = rangeOf(period);
    const repo = this.repo;
    async function* batches() {
      let after: { created_at: string; id: number } | null = null;
      for (let count = 1; ; count++) {
        const batch = await repo.searchesBatch(range, after, EXPORT_BATCH_ROWS, scope);
        if (batch.length > 0) yield batch;
        if (batch.length < EXPORT_BATCH_ROWS) return;
        after = batch[batch.length - 1]!;
        if (count % EXPORT_BATCHES_PER_COLLECTION === 0) collectGarbage();
      }
    }
    return {
      fileName: fileName('searches', period),
      body: csvStream(
        ['id', 'created_at', 'search_type', 'address', 'lat', 'lng', 'providers_found', 'action_taken', 'covered_by', 'towers_found'],
        batches(),
        (row) => [
          row.id,
          row.created_at,
          row.search_type,
          row.address,
          row.lat,
          row.lng,
          row.provider_count,
          row.action_taken,
          coveredByOf(row),
          row.tower_count,
        ],
      ),
    };
  }

  async leads(query: LeadsQuery, scope: ProviderScope): Promise<LeadsReport> {
    const period = this.period(query);
    const filter = leadFilter(query, period, scope);
    const [total, rows] = await Promise.all([this.repo.leadCount(filter), this.repo.leadsPage(filter, decodeCursor(query.cursor), query.limit + 1)]);
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      period: { start_date: period.startDate, end_date: period.endDate },
      total,
      leads: page.map(toReportLead),
      next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  /** Every lead matching the filters, newest first. */
  leadsCsv(query: LeadsQuery, scope: ProviderScope): CsvExport {
    const period = this.period(query);
    const filter = leadFilter(query, period, scope);
    const repo = this.repo;
    async function* batches() {
      let after: { created_at: string; id: number } | null = null;
      for (let count = 1; ; count++) {
        const batch = await repo.leadsPage(filter, after, EXPORT_BATCH_ROWS);
        if (batch.length > 0) yield batch;
        if (batch.length < EXPORT_BATCH_ROWS) return;
        after = batch[batch.length - 1]!;
        if (count % EXPORT_BATCHES_PER_COLLECTION === 0) collectGarbage();
      }
    }
    const header = [
      'id',
      'created_at',
      'name',
      'email',
      'phone',
      'message',
      'lead_type',
      'status',
      'notes',
      'provider_id',
      'provider',
      'search_id',
      'search_address',
      'search_lat',
      'search_lng',
      'request_count',
      'last_requested_at',
    ];
    return {
      fileName: fileName('leads', period),
      body: csvStream(header, batches(), (row): CsvValue[] => [
        row.id,
        row.created_at,
        row.name,
        row.email,
        csvPhone(row.phone),
        row.message,
        row.lead_type,
        row.status,
        row.notes,
        row.provider_id,
        row.provider_name,
        row.search_id,
        row.search_address,
        row.search_lat,
        row.search_lng,
        row.request_count,
        row.last_requested_at,
      ]),
    };
  }

  async leadActivity(query: PeriodQuery, scope: ProviderScope): Promise<LeadActivityReport> {
    const period = this.period(query);
    const [leads, names] = await Promise.all([this.repo.leadTimes(rangeOf(period), scope), this.repo.providerNames(scope)]);
    const days = period.days.map((day) => ({ date: day.date, sign_up: 0, contact_request: 0 }));
    const byType = zeroes(LEAD_TYPES);
    const byProvider = new Map<number | null, number>();
    for (const lead of leads) {
      const type = lead.lead_type as (typeof LEAD_TYPES)[number];
      const day = dayIndex(period, Date.parse(lead.created_at));
      if (day >= 0 && type in byType) days[day]![type] += 1;
      if (type in byType) byType[type] += 1;
      byProvider.set(lead.provider_id, (byProvider.get(lead.provider_id) ?? 0) + 1);
    }
    return {
      period: { start_date: period.startDate, end_date: period.endDate },
      days,
      by_type: LEAD_TYPES.map((type) => ({ lead_type: type, count: byType[type] })),
      by_provider: [...byProvider]
        .map(([id, count]) => ({ provider_id: id, provider_name: id === null ? GENERAL_INQUIRY.name : nameOf(names, id), count }))
        .sort((a, b) => b.count - a.count || a.provider_name.localeCompare(b.provider_name)),
    };
  }

  /** A lead; NotFoundError for one outside the scope, as for one that does not exist. */
  async lead(id: number, scope: ProviderScope): Promise<ReportLead> {
    const row = await this.repo.lead(id, scope);
    if (!row) throw new NotFoundError('Lead not found');
    return toReportLead(row);
  }

  /** Scoped, the cells hold only the scope's searches, all covered: no cell counts searches without coverage, and there are no hotspots. */
  async mapData(
    query: PeriodQuery & { zoom: number; west?: number; south?: number; east?: number; north?: number },
    scope: ProviderScope,
  ): Promise<MapDataReport> {
    const period = this.period(query);
    // Sixteen cells across a map tile at this zoom: points a few pixels apart share a cell.
    const cellDeg = 360 / 2 ** query.zoom / 16;
    const { west, south, east, north } = query;
    const bounds = west !== undefined && south !== undefined && east !== undefined && north !== undefined ? { west, south, east, north } : null;
    const cells = await this.repo.searchCells(rangeOf(period), cellDeg, bounds, scope);
    return {
      period: { start_date: period.startDate, end_date: period.endDate },
      cell_deg: cellDeg,
      cells: cells.map((cell) => ({
        lng: (cell.gx + 0.5) * cellDeg - 180,
        lat: (cell.gy + 0.5) * cellDeg - 90,
        count: cell.n,
        without_coverage: cell.uncovered,
      })),
      hotspots: uncoveredClusters(cells, cellDeg, HOTSPOTS).map((cluster) => ({ ...cluster, place: this.places.nearest(cluster) })),
    };
  }

  async providers(query: PeriodQuery, scope: ProviderScope): Promise<ProvidersReport> {
    const period = this.period(query);
    const [searches, leads, names] = await Promise.all([
      this.providerSearches(period, scope),
      this.repo.leadsByProvider(rangeOf(period), scope),
      this.repo.providerNames(scope),
    ]);
    const rows = [...names].map(([id, name]) => {
      const found = searches.get(id) ?? 0;
      const led = leads.get(id) ?? 0;
      return { provider_id: id, provider_name: name, searches: found, leads: led, conversion_rate: percent(led, found) };
    });
    rows.sort((a, b) => b.searches - a.searches || a.provider_name.localeCompare(b.provider_name));
    return { period: { start_date: period.startDate, end_date: period.endDate }, providers: rows };
  }

  async providersCsv(query: PeriodQuery, scope: ProviderScope): Promise<CsvExport> {
    const report = await this.providers(query, scope);
    async function* batches() {
      yield report.providers;
    }
    return {
      fileName: `providers-${report.period.start_date}-to-${report.period.end_date}.csv`,
      body: csvStream(['provider_id', 'provider', 'searches', 'leads', 'conversion_rate'], batches(), (row) => [
        row.provider_id,
        row.provider_name,
        row.searches,
        row.leads,
        row.conversion_rate,
      ]),
    };
  }

  private period(query: PeriodQuery): ReportPeriod {
    return resolvePeriod(query, this.clock.now(), this.timeZone);
  }

  /** Each day's searches: whole hours from the hourly roll-up, hours a day boundary cuts search by search. */
  private async searchesPerDay(period: ReportPeriod, scope: ProviderScope): Promise<DayCount[]> {
    const days = period.days.map((): DayCount => ({ searches: 0, covered: 0 }));
    const cut: TimeRange[] = [];
    for (const hour of await this.repo.hourTotals(hourKey(floorTo(period.startMs, HOUR_MS)), hourKey(ceilTo(period.endMs, HOUR_MS)), scope)) {
      const start = hourStart(hour.hour);
      const first = dayIndex(period, start);
      const last = dayIndex(period, start + HOUR_MS - 1);
      if (first >= 0 && first === last) {
        days[first]!.searches += hour.searches;
        days[first]!.covered += hour.covered;
      } else if (first >= 0 || last >= 0) {
        cut.push([isoOf(start), isoOf(start + HOUR_MS)]);
      }
    }
    if (cut.length > 0) {
      for (const search of await this.repo.searchTimesIn(cut, scope)) {
        const day = dayIndex(period, Date.parse(search.created_at));
        if (day < 0) continue;
        days[day]!.searches += 1;
        days[day]!.covered += search.covered;
      }
    }
    return days;
  }

  /** The period's searches by action, type and coverage: each tier from its own source (scoped: search by search, as the roll-ups count the whole map). */
  private async kindTotals(period: ReportPeriod, scope: ProviderScope): Promise<KindTotals> {
    const tiers = tiersOf(period.startMs, period.endMs);
    const parts =
      scope !== null
        ? [await this.repo.kindsIn(rangeOf(period), scope)]
        : await Promise.all([
            ...(tiers.days ? [this.repo.kindsByDay(...tiers.days)] : []),
            ...tiers.hours.map(([from, to]) => this.repo.kindsByHour(from, to)),
            ...tiers.raw.map((range) => this.repo.kindsIn(range, scope)),
          ]);
    const totals: KindTotals = { searches: 0, covered: 0, byAction: zeroes(SEARCH_ACTIONS), byType: zeroes(SEARCH_TYPES), byCoverage: zeroes(COVERED_BY) };
    for (const kind of parts.flat() as KindCount[]) {
      totals.searches += kind.searches;
      if (kind.covered === 1) totals.covered += kind.searches;
      totals.byCoverage[kind.covered !== 1 ? 'none' : kind.wireless_only === 1 ? 'wireless_only' : 'provider'] += kind.searches;
      if (kind.action_taken in totals.byAction) totals.byAction[kind.action_taken as SearchAction] += kind.searches;
      if (kind.search_type in totals.byType) totals.byType[kind.search_type as SearchType] += kind.searches;
    }
    return totals;
  }

  /** Searches in which each provider appeared in the period: each tier from its own source. */
  private async providerSearches(period: ReportPeriod, scope: ProviderScope): Promise<Map<number, number>> {
    const tiers = tiersOf(period.startMs, period.endMs);
    const parts = await Promise.all([
      ...(tiers.days ? [this.repo.providersByDay(...tiers.days, scope)] : []),
      ...tiers.hours.map(([from, to]) => this.repo.providersByHour(from, to, scope)),
      ...tiers.raw.map((range) => this.repo.providersIn(range, scope)),
    ]);
    const totals = new Map<number, number>();
    for (const part of parts) for (const [id, n] of part) totals.set(id, (totals.get(id) ?? 0) + n);
    return totals;
  }
}

function byCoverageOf(totals: KindTotals): { covered_by: CoveredBy; count: number }[] {
  return COVERED_BY.map((coveredBy) => ({ covered_by: coveredBy, count: totals.byCoverage[coveredBy] }));
}

/** What served an exported search, by the search rule (leads/searchRule.ts). */
function coveredByOf(search: { provider_count: number; wireless_available: number }): CoveredBy {
  if (coveredFlagOf(search) === 0) return 'none';
  return wirelessOnlyFlagOf(search) === 1 ? 'wireless_only' : 'provider';
}

function rangeOf(period: ReportPeriod): TimeRange {
  return [isoOf(period.startMs), isoOf(period.endMs)];
}

/** A provider deleted since still shows in the period it had searches. */
function nameOf(names: Map<number, string>, id: number): string {
  return names.get(id) ?? `Provider ${id} (deleted)`;
}

function fileName(kind: string, period: ReportPeriod): string {
  return `${kind}-${period.startDate}-to-${period.endDate}.csv`;
}

function leadFilter(query: LeadsQuery, period: ReportPeriod, scope: ProviderScope): LeadFilter {
  return { range: rangeOf(period), providerId: query.provider_id, leadType: query.lead_type, status: query.status, scope };
}

/** The keyset of the next page: the last lead's (created_at, id), opaque to the browser. */
function encodeCursor(row: { created_at: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.created_at, row.id])).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { created_at: string; id: number } | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && Number.isSafeInteger(id)) return { created_at: createdAt, id: id as number };
  } catch {
    // Falls through to the error below.
  }
  throw new ValidationError('cursor is not one this report gave');
}

function toReportLead(row: LeadRow): ReportLead {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at ?? row.created_at,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    lead_type: row.lead_type as ReportLead['lead_type'],
    status: row.status as ReportLead['status'],
    notes: row.notes,
    request_count: row.request_count,
    last_requested_at: row.last_requested_at,
    provider_id: row.provider_id,
    provider_name: row.provider_name,
    search:
      row.search_id !== null && row.search_type !== null
        ? {
            id: row.search_id,
            search_type: row.search_type as SearchType,
            lat: row.search_lat,
            lng: row.search_lng,
            address: row.search_address,
          }
        : null,
    install:
      row.install_measurement_id !== null && row.install_tower_id !== null
        ? {
            outcome: row.install_rssi_dbm === null ? 'failed' : 'installed',
            measurement_id: row.install_measurement_id,
            rssi_dbm: row.install_rssi_dbm,
            tower_id: row.install_tower_id,
            sector_id: row.install_sector_id,
          }
        : null,
  };
}
