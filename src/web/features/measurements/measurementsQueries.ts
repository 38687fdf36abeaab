import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import { downloadCsv } from '../../ui/csvExport.js';
import { type MeasurementFilters, measurementFilterQuery, measurementPageQuery } from './measurementFilters.js';
import type { MeasurementImportResult, MeasurementPage, MeasurementPoint, MeasurementReport } from '../../../common/api/measurements.js';

const MEASUREMENTS_KEY = QUERY_KEYS.measurements;
/** While predictions are pending, the report is asked for again this often (ms), so "in progress" counts down. */
const PENDING_REFRESH_MS = 5_000;

/** GET /api/measurements: one page of the filtered measurements; the previous page stays shown while the next loads. */
export function useMeasurements(filters: MeasurementFilters) {
  return useQuery({
    queryKey: [...MEASUREMENTS_KEY, 'page', filters],
    queryFn: ({ signal }) => apiData<MeasurementPage>(`/measurements?${measurementPageQuery(filters)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/measurements/points with the filters (not the page): the residual map's dots, newest first. */
export function useMeasurementPoints(filters: MeasurementFilters) {
  return useQuery({
    queryKey: [...MEASUREMENTS_KEY, 'points', measurementFilterQuery(filters)],
    queryFn: ({ signal }) => apiData<MeasurementPoint[]>(`/measurements/points?${measurementFilterQuery(filters)}`, { authenticated: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/measurements/report; asked again every few seconds while measurements await their prediction. */
export function useMeasurementReport() {
  return useQuery({
    queryKey: [...MEASUREMENTS_KEY, 'report'],
    queryFn: ({ signal }) => apiData<MeasurementReport>('/measurements/report', { authenticated: true, signal }),
    refetchInterval: (query) => (query.state.data && query.state.data.pending > 0 ? PENDING_REFRESH_MS : false),
  });
}

/** What an import sends: a CSV file as multipart `file`, a JSON file as the JSON body. */
export interface MeasurementImportInput {
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A JSON file holds `{ "measurements": [...] }`, or just the array, which is wrapped so (without parsing it here). */
async function jsonBody(file: File): Promise<Blob> {
  const head = await file.slice(0, 256).text();
  const bare = head.trimStart().startsWith('[');
  return new Blob(bare ? ['{"measurements":', file, '}'] : [file], { type: 'application/json' });
}

/** Whether the chosen file is read as JSON (by its name or type); anything else is sent as CSV. */
export function isJsonFile(file: Pick<File, 'name' | 'type'>): boolean {
  return /\.json$/i.test(file.name) || file.type === 'application/json';
}

/** POST /api/measurements/import; resolves to the result (how many stored, the bad rows by line and field). */
export function useImportMeasurements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress, signal }: MeasurementImportInput) => {
      let body: FormData | Blob;
      if (isJsonFile(file)) {
        body = await jsonBody(file);
      } else {
        body = new FormData();
        body.append('file', file, file.name);
      }
      const envelope = await apiUpload<MeasurementImportResult>('/measurements/import', { body, authenticated: true, onProgress, signal });
      if (!envelope.data) throw new Error('The server answered without the import result.');
      return envelope.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}

export function useDeleteMeasurement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/measurements/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}

/** DELETE /api/measurements with the filters: every measurement they match (every one, without filters). */
export function useDeleteFilteredMeasurements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (filters: MeasurementFilters) =>
      apiData<{ deleted_count: number }>(`/measurements?${measurementFilterQuery(filters)}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
  });
}

/** GET /api/measurements/export with the filters: every matching measurement as CSV (the import's columns first); resolves to the file's name. */
export function useExportMeasurementsCsv() {
  return useMutation({
    mutationFn: (filters: MeasurementFilters) => downloadCsv(`/measurements/export?${measurementFilterQuery(filters)}`, 'measurements.csv'),
  });
}
