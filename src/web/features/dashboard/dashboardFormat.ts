import type { SearchAction } from '../../../common/api/leads.js';
import { SEARCH_ACTIONS } from '../../../common/api/leads.js';
import type { DashboardData } from '../../../common/api/reports.js';
import type { BarListItem } from '../../ui/barListItem.js';
import { fillDays } from '../../ui/daySeries.js';

/** What the visitor did after the search. */
export const SEARCH_ACTION_LABELS: Record<SearchAction, string> = {
  no_action: 'No action',
  sign_up: 'Sign up',
  contact_me: 'Contact me',
};

const ACTION_COLORS: Record<SearchAction, string> = { no_action: '#90a4ae', sign_up: '#2e7d32', contact_me: '#ef6c00' };

/** The dashboard lists the first 5 providers. */
export const DASHBOARD_TOP_PROVIDERS = 5;

/** Every action in the order no_action, sign_up, contact_me, with the server's count or 0. */
export function searchesByAction(rows: DashboardData['searches_by_action']): BarListItem[] {
  const counts = new Map(rows.map((row) => [row.action, row.count]));
  return SEARCH_ACTIONS.map((action) => ({ key: action, label: SEARCH_ACTION_LABELS[action], value: counts.get(action) ?? 0, color: ACTION_COLORS[action] }));
}

/** The first 5 providers as the server ranked them, with their search counts. */
export function topProviders(rows: DashboardData['top_providers']): BarListItem[] {
  return rows.slice(0, DASHBOARD_TOP_PROVIDERS).map((row) => ({ key: row.provider_id, label: row.provider_name, value: row.count }));
}

/** Searches on each day of the period, days without searches included. */
export function searchesPerDay(data: Pick<DashboardData, 'searches_per_day' | 'period'>): { date: string; searches: number }[] {
  return fillDays(data.searches_per_day, data.period, (date) => ({ date, searches: 0 }));
}
