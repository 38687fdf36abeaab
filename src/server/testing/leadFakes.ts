import { vi } from 'vitest';
import type { SearchAction } from '../../common/api/leads.js';
import type { SearchCoverage } from '../leads/leadService.js';
import type { LeadType } from '../../common/api/leads.js';
import type { LeadAsker, LeadRecord, LeadRepeat, LeadRepository, LeadView, NewLeadRecord } from '../leads/leadRepository.js';
import type { FoundProvider, NewSearchLog, SearchFound, SearchLogRecord, SearchLogRepository } from '../leads/searchLogRepository.js';

type SearchLogWrites = 'insert' | 'recordAction' | 'followedSearch' | 'foundBy';

/** Search logs in an array (ids from 1), each with the providers it found; every method a mock. */
export type MemorySearchLogs = SearchLogRepository & {
  rows: SearchLogRecord[];
  providers: Map<number, FoundProvider[]>;
  towers: Map<number, number[]>;
} & { [K in SearchLogWrites]: SearchLogRepository[K] & ReturnType<typeof vi.fn> };

/**
 * The search-log table as the repository keeps it: a follow-up is found when the session's latest
 * log stands at the same point and address, and resolves to the search that log follows.
 */
export function memorySearchLogs(): MemorySearchLogs {
  const rows: SearchLogRecord[] = [];
  const providers = new Map<number, FoundProvider[]>();
  const towers = new Map<number, number[]>();
  const byId = (id: number) => rows.find((row) => row.id === id);
  const repo = {
    rows,
    providers,
    towers,
    insert: vi.fn(async (log: NewSearchLog, found: SearchFound, followUpOf: number | null) => {
      const unique = [...new Map(found.providers.map((p) => [p.provider_id, p])).values()];
      const id = rows.length + 1;
      rows.push({ ...log, id, provider_count: unique.length, wireless_available: found.wireless ? 1 : 0, follow_up_of: followUpOf });
      providers.set(id, unique);
      towers.set(id, [...found.towers]);
      return id;
    }),
    followedSearch: vi.fn(async (sessionId: string, at: Pick<NewSearchLog, 'lat' | 'lng' | 'address'>) => {
      const latest = rows.filter((row) => row.session_id === sessionId).at(-1);
      if (!latest || latest.lat !== at.lat || latest.lng !== at.lng || latest.address !== at.address) return undefined;
      return latest.follow_up_of === null ? latest : byId(latest.follow_up_of);
    }),
    foundBy: vi.fn(async (search: SearchLogRecord): Promise<SearchFound> => ({
      providers: providers.get(search.id) ?? [],
      wireless: search.wireless_available === 1,
      towers: towers.get(search.id) ?? [],
    })),
    recordAction: vi.fn(async (id: number, action: SearchAction) => {
      const row = byId(id);
      if (row) row.action_taken = action;
      return row;
    }),
  };
  // The class has a private executor, so no plain object is one to the compiler.
  return repo as unknown as MemorySearchLogs;
}

/** A wireless answer: the towers that serve a point (none: no wireless there). */
export const servedByTowers = (...towers: number[]) => ({ wireless: towers.length > 0, towers });

/** Coverage that finds `found` at every point (the claimed ids of the browser are ignored), and `towers` serving it. */
export function fakeSearchCoverage(
  found: FoundProvider[] = [],
  towers: number[] = [],
): SearchCoverage & { providersAt: ReturnType<typeof vi.fn>; wirelessAt: ReturnType<typeof vi.fn> } {
  return { providersAt: vi.fn(() => found), wirelessAt: vi.fn(async () => servedByTowers(...towers)) };
}

/** Leads in an array (ids from 1), repeats found as the repository finds them; their views name the providers in `providerNames` and the searches of `searchLogs`. */
export type MemoryLeads = LeadRepository & { rows: LeadRecord[] } & {
  [K in 'insert' | 'update' | 'view' | 'recordRepeat']: LeadRepository[K] & ReturnType<typeof vi.fn>;
};

export function memoryLeads(searchLogs: MemorySearchLogs = memorySearchLogs(), providerNames = new Map<number, string>()): MemoryLeads {
  const rows: LeadRecord[] = [];
  const byId = (id: number) => rows.find((row) => row.id === id);
  const repo = {
    rows,
    insert: vi.fn(async (lead: NewLeadRecord) => {
      const id = rows.length + 1;
      rows.push({
        search_id: null,
        notes: null,
        status: 'new',
        request_count: 1,
        last_requested_at: null,
        updated_at: null,
        ...lead,
        id,
      } as LeadRecord);
      return id;
    }),
    update: vi.fn(async (id: number, changes: Partial<LeadRecord>) => {
      const row = byId(id);
      if (row) Object.assign(row, changes);
      return row && { ...row };
    }),
    recordRepeat: vi.fn(async (asker: LeadAsker, repeat: LeadRepeat) => {
      const sameAsker = (row: LeadRecord) =>
        (asker.email !== null && row.email?.toLowerCase() === asker.email) ||
        (asker.phone_digits !== null && row.phone?.replace(/\D/g, '') === asker.phone_digits);
      const row = rows
        .filter((lead) => lead.provider_id === asker.provider_id && lead.created_at > asker.created_after && sameAsker(lead))
        .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)[0];
      if (!row) return undefined;
      Object.assign(row, {
        request_count: row.request_count + 1,
        message: repeat.message ?? row.message,
        search_id: repeat.search_id ?? row.search_id,
        email: row.email ?? repeat.email,
        phone: row.phone ?? repeat.phone,
        last_requested_at: repeat.at,
        updated_at: repeat.at,
      });
      return { ...row };
    }),
    view: vi.fn(async (id: number): Promise<LeadView | undefined> => {
      const row = byId(id);
      if (!row) return undefined;
      const search = row.search_id === null ? undefined : searchLogs.rows.find((log) => log.id === row.search_id);
      return {
        ...row,
        lead_type: row.lead_type as LeadType,
        provider_name: row.provider_id === null ? null : (providerNames.get(row.provider_id) ?? null),
        search: search ? { address: search.address, lat: search.lat, lng: search.lng } : null,
      };
    }),
  };
  return repo as unknown as MemoryLeads;
}
