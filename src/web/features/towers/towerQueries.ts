import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TowerFootprintState } from '../../../common/api/footprints.js';
import type { Sector } from '../../../common/api/sectors.js';
import type { BulkImportResult, Tower } from '../../../common/api/towers.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import { apiDownload } from '../../api/apiDownload.js';
import { saveBlob } from '../../ui/saveFile.js';
import type { SectorPayload } from './sectorForm.js';
import type { TowerPayload } from './towerForm.js';

/** Root key of every tower query; the Line of Sight screen reads the same list. */
const TOWERS_QUERY_KEY = QUERY_KEYS.towers;

/** GET /api/towers: every tower, by name. */
export function useTowers() {
  return useQuery({
    queryKey: TOWERS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<Tower[]>('/towers', { authenticated: true, signal }),
  });
}

/** GET /api/towers/{id}: one tower (a link's), idle while id is null; a tower not found is not asked again. */
export function useTower(id: number | null) {
  return useQuery({
    queryKey: [...TOWERS_QUERY_KEY, id],
    queryFn: ({ signal }) => apiData<Tower>(`/towers/${id}`, { authenticated: true, signal }),
    enabled: id !== null,
    retry: false,
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

/** After a sector changes (or goes with its tower): the towers, and the patterns' counts of the sectors using them. */
const refreshTowersAndPatterns = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: TOWERS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.antennaPatterns })]);

export function useDeleteTower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/towers/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => refreshTowersAndPatterns(queryClient),
  });
}

export interface SaveSectorInput {
  towerId: number;
  /** Absent for a new sector. */
  sectorId?: number;
  body: SectorPayload;
}

/** POST /api/towers/{id}/sectors or PUT …/{sectorId}; the tower list and the patterns' counts of users follow. */
export function useSaveSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ towerId, sectorId, body }: SaveSectorInput) =>
      apiRequest<Sector>(sectorId === undefined ? `/towers/${towerId}/sectors` : `/towers/${towerId}/sectors/${sectorId}`, {
        method: sectorId === undefined ? 'POST' : 'PUT',
        body,
        authenticated: true,
      }),
    onSettled: () => refreshTowersAndPatterns(queryClient),
  });
}

export function useDeleteSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ towerId, sectorId }: { towerId: number; sectorId: number }) =>
      apiRequest<never>(`/towers/${towerId}/sectors/${sectorId}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => refreshTowersAndPatterns(queryClient),
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

/** While a footprint waits or is being computed its row shows it (and the progress), asked for this often. */
const FOOTPRINT_POLL_MS = 1000;

/**
 * GET /api/towers/footprints: where each tower's predicted footprint stands. Under the towers key,
 * so a tower saved or deleted (or the radio settings saved) asks again; polled while one is queued
 * or being computed.
 */
export function useFootprintStates() {
  return useQuery({
    queryKey: [...TOWERS_QUERY_KEY, 'footprints'],
    queryFn: ({ signal }) => apiData<TowerFootprintState[]>('/towers/footprints', { authenticated: true, signal }),
    refetchInterval: (query) => (query.state.data?.some((state) => state.status === 'queued' || state.status === 'computing') ? FOOTPRINT_POLL_MS : false),
  });
}

/** Saves a tower's footprint as KML or GeoJSON under the server's file name. */
export async function downloadFootprint(towerId: number, format: 'kml' | 'geojson'): Promise<void> {
  const { blob, fileName } = await apiDownload(`/towers/${towerId}/footprint?format=${format}`, { authenticated: true });
  saveBlob(blob, fileName ?? `tower-${towerId}-footprint.${format}`);
}
