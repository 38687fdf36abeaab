import { GENERAL_INQUIRY, LEAD_TYPES, SEARCH_TYPES, type SearchType } from '../../../common/api/leads.js';
import type { LeadActivityReport, ProvidersReport, SearchesReport } from '../../../common/api/reports.js';
import { percent } from '../../../common/api/reports.js';
import type { BarListItem } from '../../ui/barListItem.js';
import { fillDays } from '../../ui/daySeries.js';
import { LEAD_TYPE_LABELS, leadProviderName } from '../../ui/leadLabels.js';

/** Colours of the report charts: coverage found is the map's blue, none found the "build here" red. */
export const REPORT_COLORS = {
  withCoverage: '#1e88e5',
  withoutCoverage: '#e53935',
  coverageRate: '#2e7d32',
  sign_up: '#2e7d32',
  contact_request: '#ef6c00',
} as const;

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = { address: 'Address search', geolocation: 'Device location', map_click: 'Map click' };

/** One day of search activity, with its coverage rate (null on a day without searches: a gap, not 0%). */
export interface SearchActivityDay {
  [field: string]: string | number | null;
  date: string;
  searches: number;
  with_coverage: number;
  without_coverage: number;
  coverage_rate: number | null;
}

/** Every day of the period, quiet days at 0, each with its coverage rate (with_coverage / searches). */
export function searchActivityDays(report: Pick<SearchesReport, 'days' | 'period'>): SearchActivityDay[] {
  return fillDays(report.days, report.period, (date) => ({ date, searches: 0, with_coverage: 0, without_coverage: 0 })).map((day) => ({
    date: day.date,
    searches: day.searches,
    with_coverage: day.with_coverage,
    without_coverage: day.without_coverage,
    coverage_rate: day.searches > 0 ? percent(day.with_coverage, day.searches) : null,
  }));
}

export interface SearchTotals {
  searches: number;
  withCoverage: number;
  withoutCoverage: number;
  /** Percent, one decimal. */
  coverageRate: number;
}

export function searchTotals(days: readonly Pick<SearchActivityDay, 'searches' | 'with_coverage' | 'without_coverage'>[]): SearchTotals {
  let searches = 0;
  let withCoverage = 0;
  let withoutCoverage = 0;
  for (const day of days) {
    searches += day.searches;
    withCoverage += day.with_coverage;
    withoutCoverage += day.without_coverage;
  }
  return { searches, withCoverage, withoutCoverage, coverageRate: percent(withCoverage, searches) };
}

/** Every search type, in the contract's order, with the server's count or 0. */
export function searchTypeItems(rows: SearchesReport['by_search_type']): BarListItem[] {
  const counts = new Map(rows.map((row) => [row.search_type, row.count]));
  return SEARCH_TYPES.map((type) => ({ key: type, label: SEARCH_TYPE_LABELS[type], value: counts.get(type) ?? 0 }));
}

/** One day of leads, by type. */
export interface LeadDay {
  [field: string]: string | number;
  date: string;
  sign_up: number;
  contact_request: number;
}

export interface LeadActivity {
  /** Every day of the period (the server's calendar, REPORTS_TIME_ZONE), quiet days at 0. */
  perDay: LeadDay[];
  /** Both lead types, in the contract's order, missing ones at 0. */
  byType: BarListItem[];
  /** Providers (General Inquiry among them) by leads, most first, then by name. */
  byProvider: BarListItem[];
  /** Leads in the period. */
  total: number;
}

/** Lead generation from GET /api/reports/lead_activity: per day by type, by type and by provider. */
export function leadActivitySeries(report: LeadActivityReport): LeadActivity {
  const perDay = fillDays(report.days, report.period, (date) => ({ date, sign_up: 0, contact_request: 0 })).map((day) => ({
    date: day.date,
    sign_up: day.sign_up,
    contact_request: day.contact_request,
  }));
  const types = new Map(report.by_type.map((row) => [row.lead_type, row.count]));
  const byType = LEAD_TYPES.map((type) => ({ key: type, label: LEAD_TYPE_LABELS[type], value: types.get(type) ?? 0, color: REPORT_COLORS[type] }));
  const byProvider = report.by_provider
    .map((row) => ({
      key: row.provider_id === null ? `general:${GENERAL_INQUIRY.id}` : `provider:${row.provider_id}`,
      label: row.provider_name || leadProviderName(row),
      value: row.count,
    }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  return { perDay, byType, byProvider, total: byType.reduce((sum, item) => sum + item.value, 0) };
}

export type ProviderSortKey = 'provider_name' | 'searches' | 'leads' | 'conversion_rate';
export type SortDirection = 'asc' | 'desc';

/** The provider performance rows sorted by a column; ties by name, then id, so the order is stable. */
export function sortProviders(rows: ProvidersReport['providers'], key: ProviderSortKey, direction: SortDirection): ProvidersReport['providers'] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const primary = key === 'provider_name' ? a.provider_name.localeCompare(b.provider_name, undefined, { sensitivity: 'base' }) : a[key] - b[key];
    return sign * primary || a.provider_name.localeCompare(b.provider_name) || a.provider_id - b.provider_id;
  });
}
