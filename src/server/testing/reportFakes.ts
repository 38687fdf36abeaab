import { vi } from 'vitest';
import type { HourTotal, KindCount, ReportRepository, SearchTime, TimeRange } from '../reports/reportRepository.js';

/** A stored search as the report read model sees it. */
export interface StoredSearch {
  /** ISO-8601 UTC, as stored. */
  created_at: string;
  action_taken?: string;
  search_type?: string;
  /** Ids of the providers it found. */
  providers?: number[];
  /** A tower reached the spot: covered even without a provider. */
  wireless?: boolean;
  /** Set on follow-ups, which are not searches. */
  follow_up_of?: number | null;
}

type SearchReads =
  | 'hourTotals'
  | 'searchTimesIn'
  | 'kindsByDay'
  | 'kindsByHour'
  | 'kindsIn'
  | 'providersByDay'
  | 'providersByHour'
  | 'providersIn'
  | 'providerNames'
  | 'leadCount';

/** The report reads of searches as mocks over one list, each source (daily and hourly roll-ups, the logs) answering from it. */
export type MemoryReportRepository = ReportRepository & { [K in SearchReads]: ReportRepository[K] & ReturnType<typeof vi.fn> };

const hourOf = (createdAt: string) => createdAt.slice(0, 13);
const dayOf = (createdAt: string) => createdAt.slice(0, 10);

/**
 * A report repository over `searches` and provider `names`, without leads. The roll-ups are
 * derived from the list as the search-log repository keeps them (follow-ups left out), so a
 * figure is right only when the service asks each source for the right span. Reads of leads
 * and exports throw: specs of those give their own mocks.
 */
export function memoryReportRepository(searches: readonly StoredSearch[], names: ReadonlyMap<number, string> = new Map()): MemoryReportRepository {
  const counted = searches.filter((search) => (search.follow_up_of ?? null) === null);
  const within = (key: (search: StoredSearch) => string, from: string, to: string) => counted.filter((search) => key(search) >= from && key(search) < to);
  const inRange = ([from, to]: TimeRange) => within((search) => search.created_at, from, to);
  const covered = (search: StoredSearch) => ((search.providers ?? []).length > 0 || search.wireless ? 1 : 0);
  const wirelessOnly = (search: StoredSearch) => ((search.providers ?? []).length === 0 && search.wireless ? 1 : 0);

  function kinds(rows: StoredSearch[]): KindCount[] {
    const byKind = new Map<string, KindCount>();
    for (const search of rows) {
      const kind = {
        action_taken: search.action_taken ?? 'no_action',
        search_type: search.search_type ?? 'address',
        covered: covered(search),
        wireless_only: wirelessOnly(search),
      };
      const key = JSON.stringify(kind);
      const total = byKind.get(key) ?? { ...kind, searches: 0 };
      total.searches += 1;
      byKind.set(key, total);
    }
    return [...byKind.values()];
  }
  function providerCounts(rows: StoredSearch[]): Map<number, number> {
    const counts = new Map<number, number>();
    for (const search of rows) for (const id of new Set(search.providers ?? [])) counts.set(id, (counts.get(id) ?? 0) + 1);
    return counts;
  }

  const repo = {
    hourTotals: vi.fn(async (fromHour: string, toHour: string): Promise<HourTotal[]> => {
      const byHour = new Map<string, HourTotal>();
      for (const search of within((s) => hourOf(s.created_at), fromHour, toHour)) {
        const total = byHour.get(hourOf(search.created_at)) ?? { hour: hourOf(search.created_at), searches: 0, covered: 0 };
        total.searches += 1;
        total.covered += covered(search);
        byHour.set(total.hour, total);
      }
      return [...byHour.values()];
    }),
    searchTimesIn: vi.fn(async (ranges: readonly TimeRange[]): Promise<SearchTime[]> =>
      ranges.flatMap(inRange).map((search) => ({ created_at: search.created_at, covered: covered(search) })),
    ),
    kindsByDay: vi.fn(async (from: string, to: string) => kinds(within((s) => dayOf(s.created_at), from, to))),
    kindsByHour: vi.fn(async (from: string, to: string) => kinds(within((s) => hourOf(s.created_at), from, to))),
    kindsIn: vi.fn(async (range: TimeRange) => kinds(inRange(range))),
    providersByDay: vi.fn(async (from: string, to: string) => providerCounts(within((s) => dayOf(s.created_at), from, to))),
    providersByHour: vi.fn(async (from: string, to: string) => providerCounts(within((s) => hourOf(s.created_at), from, to))),
    providersIn: vi.fn(async (range: TimeRange) => providerCounts(inRange(range))),
    providerNames: vi.fn(async () => new Map(names)),
    leadCount: vi.fn(async () => 0),
  };
  const notFaked = (name: string) => () => {
    throw new Error(`memoryReportRepository does not fake ${name}`);
  };
  const rest = Object.fromEntries(['leadsByProvider', 'leadTimes', 'leadsPage', 'lead', 'searchCells', 'searchesBatch'].map((name) => [name, notFaked(name)]));
  // The class has private fields (its executor), so no plain object is one to the compiler.
  return { ...rest, ...repo } as unknown as MemoryReportRepository;
}
