import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClutterAreasGeoJson } from '../../../common/api/clutterAreas.js';
import type { CandidateTowerInput, WhatIfResult } from '../../../common/api/footprints.js';
import type { AddressSuggestion } from '../../../common/api/geocode.js';
import type { LosResult, TerrainTile } from '../../../common/api/lineOfSight.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { apiDownload } from '../../api/apiDownload.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import type { LosRequest } from './losSearch.js';
import { losCheckPath } from './losSearch.js';

/** Every line-of-sight answer; new terrain makes them all stale. */
const LOS_QUERY_KEY = ['line-of-sight'] as const;
const TERRAIN_TILES_QUERY_KEY = ['terrain-tiles'] as const;

/**
 * GET /api/line-of-sight/check for the current request; idle without one. An answer is kept until
 * asked again (Analyze on the same inputs refetches) or until the terrain changes.
 */
export function useLineOfSight(request: LosRequest | null) {
  return useQuery({
    queryKey: [...LOS_QUERY_KEY, 'check', request],
    queryFn: ({ signal }) => apiData<LosResult>(losCheckPath(request!), { authenticated: true, signal }),
    enabled: request !== null,
    staleTime: Infinity,
    // A refused request (bad coordinates) fails the same way twice.
    retry: false,
  });
}

/** GET /api/geocode: a place name to one point (country-limited on the server); 404 when nothing matches. */
export function useGeocodeLocation() {
  return useMutation({
    mutationFn: (address: string) => apiData<AddressSuggestion>(`/geocode?${new URLSearchParams({ address })}`),
    retry: false,
  });
}

/** GET /api/terrain/tiles: the SRTM tiles loaded. */
export function useTerrainTiles() {
  return useQuery({
    queryKey: TERRAIN_TILES_QUERY_KEY,
    queryFn: ({ signal }) => apiData<TerrainTile[]>('/terrain/tiles', { authenticated: true, signal }),
  });
}

/**
 * GET /api/clutter_areas/geojson: every clutter area's polygons with its name and class. The answer
 * is the FeatureCollection itself, not an envelope, hence read as a download (the token, the 401
 * and the server's failure message handled as for any call). Under the areas' root key, so an
 * upload or delete in Settings refreshes it.
 */
export function useClutterAreaShapes() {
  return useQuery({
    queryKey: [...QUERY_KEYS.clutterAreas, 'geojson'],
    queryFn: async ({ signal }) => {
      const { blob } = await apiDownload('/clutter_areas/geojson', { authenticated: true, signal });
      return JSON.parse(await blob.text()) as ClutterAreasGeoJson;
    },
  });
}

export interface UploadTerrainTileInput {
  file: File;
  /** Fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/** POST /api/terrain/tiles (multipart field "file"); the envelope's message names the tile loaded. */
export function useUploadTerrainTile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: UploadTerrainTileInput) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiUpload<TerrainTile>('/terrain/tiles', { body, authenticated: true, onProgress });
    },
    onSettled: () => terrainChanged(queryClient),
  });
}

/** DELETE /api/terrain/tiles/{name}. */
export function useDeleteTerrainTile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<never>(`/terrain/tiles/${encodeURIComponent(name)}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => terrainChanged(queryClient),
  });
}

/** New or removed terrain: the tile list and every analysis shown (re-run on the new terrain). */
function terrainChanged(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: TERRAIN_TILES_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: LOS_QUERY_KEY })]);
}

/** POST /api/towers/what-if: the footprint a candidate tower would have and the uncovered searches it would reach. */
export function useWhatIf() {
  return useMutation({
    mutationFn: (candidate: CandidateTowerInput) => apiData<WhatIfResult>('/towers/what-if', { method: 'POST', body: candidate, authenticated: true }),
    retry: false,
  });
}
