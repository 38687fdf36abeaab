import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DashboardData, LeadsReport } from '../../../common/api/reports.js';
import { apiData } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import type { PeriodRange } from '../../ui/reportPeriod.js';

/** Leads listed under Recent Activity. */
export const LATEST_LEADS = 5;

/**
 * GET /api/reports/dashboard for the period. The previous
 * period's figures stay on screen while the next period loads.
 */
export function useDashboard(range: PeriodRange) {
  return useQuery({
    queryKey: [...QUERY_KEYS.reports, 'dashboard', range],
    queryFn: ({ signal }) => apiData<DashboardData>(`/reports/dashboard?${new URLSearchParams({ ...range })}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The newest leads of the period (the first page of GET /api/reports/leads). */
export function useLatestLeads(range: PeriodRange) {
  return useQuery({
    queryKey: [...QUERY_KEYS.reports, 'leads', 'latest', range],
    queryFn: ({ signal }) =>
      apiData<LeadsReport>(`/reports/leads?${new URLSearchParams({ ...range, limit: String(LATEST_LEADS) })}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}
