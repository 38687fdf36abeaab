import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkImportResult, Tower } from '../../../common/api/towers.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
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
