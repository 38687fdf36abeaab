import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { LeadActivityReport, MapDataReport, ProvidersReport, SearchesReport } from '../../../common/api/reports.js';
import { apiData } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import { downloadCsv, fallbackCsvName } from '../../ui/csvExport.js';
import type { PeriodRange } from '../../ui/reportPeriod.js';
import type { WaitlistPoint } from '../../../common/api/waitlist.js';
import { type DemandView, demandViewParams } from './demandMap.js';

const REPORTS_KEY = QUERY_KEYS.reports;
const periodQuery = (range: PeriodRange) => new URLSearchParams({ start_date: range.start_date, end_date: range.end_date });

/** GET /api/reports/searches: searches per day (with and without coverage) and by search type. */
export function useSearchesReport(range: PeriodRange) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'searches', range],
    queryFn: ({ signal }) => apiData<SearchesReport>(`/reports/searches?${periodQuery(range)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/providers: each provider's searches, leads and conversion. */
export function useProvidersReport(range: PeriodRange) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'providers', range],
    queryFn: ({ signal }) => apiData<ProvidersReport>(`/reports/providers?${periodQuery(range)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/lead_activity: the period's leads per day of the server's calendar, by type and by provider. */
export function useLeadActivity(range: PeriodRange) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'lead_activity', range],
    queryFn: ({ signal }) => apiData<LeadActivityReport>(`/reports/lead_activity?${periodQuery(range)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/reports/map_data for the map's view (null: the whole map at the server's default zoom,
 * before the map has a view). The previous cells stay drawn while the next ones load.
 */
export function useMapData(range: PeriodRange, view: DemandView | null) {
  return useQuery({
    queryKey: [...REPORTS_KEY, 'map_data', range, view],
    queryFn: ({ signal }) =>
      apiData<MapDataReport>(`/reports/map_data?${new URLSearchParams({ ...Object.fromEntries(periodQuery(range)), ...demandViewParams(view) })}`, {
        authenticated: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/waitlist/points: the confirmed waitlist entries' spots (at most 50,000), whatever the period: they wait now. */
export function useWaitlistPoints(enabled: boolean) {
  return useQuery({
    queryKey: [...QUERY_KEYS.waitlist, 'points'],
    queryFn: ({ signal }) => apiData<WaitlistPoint[]>('/waitlist/points', { authenticated: true, signal }),
    enabled,
  });
}

export type CsvReport = 'searches' | 'leads' | 'providers';

/** A table report as CSV (`?format=csv`), saved under the server's dated file name; resolves to the name. */
export function useExportReportCsv() {
  return useMutation({
    mutationFn: ({ report, range }: { report: CsvReport; range: PeriodRange }) => {
      const query = periodQuery(range);
      query.set('format', 'csv');
      return downloadCsv(`/reports/${report}?${query}`, fallbackCsvName(report, range));
    },
  });
}
