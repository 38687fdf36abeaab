import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LeadInstallRequest } from '../../../common/api/measurements.js';
import type { LeadsReport, LeadUpdate, ReportLead } from '../../../common/api/reports.js';
import { LEADS_PAGE_DEFAULT } from '../../../common/api/reports.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { ApiError } from '../../api/ApiError.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import { downloadCsv, fallbackCsvName } from '../../ui/csvExport.js';
import type { PeriodRange } from '../../ui/reportPeriod.js';
import { type LeadFilters, leadsQueryString } from './leadFilters.js';

/**
 * GET /api/reports/leads, newest first, a page at a time ("Load more"): each next page is asked
 * with the last page's next_cursor. The first page of the previous filters stays on screen while
 * new filters load. (useQueries over the pages' cursors rather than useInfiniteQuery, whose extra
 * query-core code would land in the chunk every page loads, public ones included.)
 */
export function useLeadsInbox(range: PeriodRange, filters: LeadFilters) {
  const listKey = JSON.stringify([range, filters]);
  const [loaded, setLoaded] = useState<{ listKey: string; cursors: (string | null)[] }>({ listKey, cursors: [null] });
  const cursors = loaded.listKey === listKey ? loaded.cursors : [null];
  const pages = useQueries({
    queries: cursors.map((cursor) => ({
      queryKey: [...QUERY_KEYS.reports, 'leads', 'inbox', range, filters, cursor],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiData<LeadsReport>(`/reports/leads?${leadsQueryString(range, filters, { cursor, limit: LEADS_PAGE_DEFAULT })}`, { authenticated: true, signal }),
      placeholderData: cursor === null ? keepPreviousData : undefined,
    })),
  });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.next_cursor ?? null;
  const data = first.data ? { total: first.data.total, leads: pages.flatMap((page) => page.data?.leads ?? []) } : undefined;
  return {
    data,
    isPending: first.isPending,
    isError: first.isError,
    error: first.error,
    refetch: first.refetch,
    isPlaceholderData: first.isPlaceholderData,
    hasNextPage: nextCursor !== null && !last.isPlaceholderData,
    isFetchingNextPage: pages.length > 1 && last.isPending,
    isFetchNextPageError: pages.length > 1 && last.isError,
    nextPageError: pages.length > 1 ? last.error : null,
    fetchNextPage: () => {
      if (nextCursor !== null) setLoaded({ listKey, cursors: [...cursors, nextCursor] });
    },
  };
}

/**
 * GET /api/leads/{id}: one lead, for a lead named in the URL that the loaded pages do not hold
 * (null: none asked for). Under the reports key, so a lead's change refreshes it too.
 */
export function useLead(id: number | null) {
  return useQuery({
    queryKey: [...QUERY_KEYS.reports, 'lead', id],
    queryFn: ({ signal }) => apiData<ReportLead>(`/leads/${id}`, { authenticated: true, signal }),
    enabled: id !== null,
    // Once, as every query, but not for a lead that is not there (404).
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/**
 * PATCH /api/leads/{id} with a new status and/or notes; resolves to the envelope (message "Lead
 * updated", the lead as saved). Every report is refreshed afterwards: the inbox, the dashboard's
 * latest leads and the reports.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, update }: { id: number; update: LeadUpdate }) =>
      apiRequest<ReportLead>(`/leads/${id}`, { method: 'PATCH', body: update, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.reports }),
  });
}

/**
 * POST /api/leads/{id}/install: the install's outcome, recorded as a measurement at the lead's spot
 * (a second call replaces it); the lead becomes converted or closed. Resolves to the server's
 * message and the lead as it now is (its status and install), read back with GET /api/leads/{id}.
 * Refreshes every report (the inbox row shows the install) and the measurements.
 */
export function useRecordInstall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, install }: { id: number; install: LeadInstallRequest }) => {
      const envelope = await apiRequest<unknown>(`/leads/${id}/install`, { method: 'POST', body: install, authenticated: true });
      const lead = await apiData<ReportLead>(`/leads/${id}`, { authenticated: true });
      return { message: envelope.message ?? null, lead };
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS.reports }), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.measurements })]),
  });
}

/** GET /api/reports/leads?format=csv: every lead matching the filters, saved as the server names it. */
export function useExportLeadsCsv() {
  return useMutation({
    mutationFn: ({ range, filters }: { range: PeriodRange; filters: LeadFilters }) =>
      downloadCsv(`/reports/leads?${leadsQueryString(range, filters, { format: 'csv' })}`, fallbackCsvName('leads', range)),
  });
}
