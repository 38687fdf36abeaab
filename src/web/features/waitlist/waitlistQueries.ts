import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import { downloadCsv } from '../../ui/csvExport.js';
import { type WaitlistFilters, waitlistQueryString } from './waitlistFilters.js';
import type { WaitlistPage as WaitlistEntriesPage, WaitlistSummaryRow } from '../../../common/api/waitlist.js';

const WAITLIST_KEY = QUERY_KEYS.waitlist;
/** The root of every zones query (the Zones screen's), so a zone saved or deleted there refreshes the filter's list. */
const ZONES_KEY = ['zones'] as const;

/** GET /api/waitlist/summary: the entries per provider and status. */
export function useWaitlistSummary() {
  return useQuery({
    queryKey: [...WAITLIST_KEY, 'summary'],
    queryFn: ({ signal }) => apiData<WaitlistSummaryRow[]>('/waitlist/summary', { authenticated: true, signal }),
  });
}

/** GET /api/waitlist: one page of the filtered entries; the previous page stays shown while the next loads. */
export function useWaitlistEntries(filters: WaitlistFilters) {
  return useQuery({
    queryKey: [...WAITLIST_KEY, 'entries', filters],
    queryFn: ({ signal }) => apiData<WaitlistEntriesPage>(`/waitlist?${waitlistQueryString(filters)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** What the zone filter reads of a zone (GET /api/zones/all answers more). */
export interface ZoneChoice {
  id: number;
  name: string;
}

/** GET /api/zones/all, for the zone filter: every zone, active or not. */
export function useZoneChoices() {
  return useQuery({
    queryKey: [...ZONES_KEY, 'all'],
    queryFn: ({ signal }) => apiData<ZoneChoice[]>('/zones/all', { authenticated: true, signal }),
  });
}

export function useDeleteWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/waitlist/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WAITLIST_KEY }),
  });
}

/** GET /api/waitlist/export with the filters (not the page): every matching entry as CSV; resolves to the file's name. */
export function useExportWaitlistCsv() {
  return useMutation({
    mutationFn: (filters: WaitlistFilters) => downloadCsv(`/waitlist/export?${waitlistQueryString(filters, true)}`, 'waitlist.csv'),
  });
}
