import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TowerFootprintState } from '../../../common/api/footprints.js';
import type { BulkImportResult, Tower } from '../../../common/api/towers.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { apiDownload } from '../../api/apiDownload.js';
import { saveBlob } from '../../ui/saveFile.js';
import type { TowerPayload } from './towerForm.js';

/** Root key of every tower query; the Line of Sight screen reads the same list. */
const TOWERS_QUERY_KEY = ['towers'] as const;

/** GET /api/towers: every tower, by name. */
export function useTowers() {
  return useQuery({
    queryKey: TOWERS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<Tower[]>('/towers', { authenticated: true, signal }),
  });
}

export interface SaveTowerInput {
  /** Absent for a new tower. */
  id?: number;
  body: TowerPayload;
}

/** Creates or updates a tower; resolves to the envelope for its message. */
export function useSaveTower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveTowerInput) =>
      apiRequest<Tower>(id === undefined ? '/towers' : `/towers/${id}`, { method: id === undefined ? 'POST' : 'PUT', body, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOWERS_QUERY_KEY }),
  });
}

export function useDeleteTower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/towers/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOWERS_QUERY_KEY }),
  });
}

/** POST /api/towers/bulk-import: the envelope carries the message and {imported_count, error_count, errors}. */
export function useBulkImportTowers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (towers: unknown[]) => apiRequest<BulkImportResult>('/towers/bulk-import', { method: 'POST', body: { towers }, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOWERS_QUERY_KEY }),
  });
}

/** While a footprint is being computed its row shows the progress, asked for this often. */
const FOOTPRINT_POLL_MS = 1000;

/**
 * GET /api/towers/footprints: where each tower's predicted footprint stands. Under the towers key,
 * so a tower saved or deleted asks again; polled while one is being computed.
 */
export function useFootprintStates() {
  return useQuery({
    queryKey: [...TOWERS_QUERY_KEY, 'footprints'],
    queryFn: ({ signal }) => apiData<TowerFootprintState[]>('/towers/footprints', { authenticated: true, signal }),
    refetchInterval: (query) => (query.state.data?.some((state) => state.status === 'computing') ? FOOTPRINT_POLL_MS : false),
  });
}

/** Saves a tower's footprint as KML or GeoJSON under the server's file name. */
export async function downloadFootprint(towerId: number, format: 'kml' | 'geojson'): Promise<void> {
  const { blob, fileName } = await apiDownload(`/towers/${towerId}/footprint?format=${format}`, { authenticated: true });
  saveBlob(blob, fileName ?? `tower-${towerId}-footprint.${format}`);
}
