import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import type { AdminZone, ZoneGeometry, ZoneGeometryFromFile } from '../../../common/api/zones.js';
import type { ZonePayload } from './zoneForm.js';

/** Root key of the zone queries (only this screen reads the admin list). */
const ZONES_QUERY_KEY = ['zones'] as const;

/** GET /api/zones/all: every zone, active or not, with its confirmed count and vertex count. */
export function useZones() {
  return useQuery({
    queryKey: ZONES_QUERY_KEY,
    queryFn: ({ signal }) => apiData<AdminZone[]>('/zones/all', { authenticated: true, signal }),
  });
}

export interface SaveZoneInput {
  /** Absent for a new zone. */
  id?: number;
  body: ZonePayload;
}

/** POST /api/zones or PUT /api/zones/{id}; resolves to the envelope for its message. */
export function useSaveZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveZoneInput) =>
      apiRequest<AdminZone>(id === undefined ? '/zones' : `/zones/${id}`, { method: id === undefined ? 'POST' : 'PUT', body, authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ZONES_QUERY_KEY }),
  });
}

/** DELETE /api/zones/{id}. */
export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/zones/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ZONES_QUERY_KEY }),
  });
}

/**
 * POST /api/zones/geometry-from-file (multipart `file`: KML, KMZ or GeoJSON): the file's polygons
 * as one MultiPolygon, for the dialog to show before the zone is saved. Nothing is stored.
 */
export function useGeometryFromFile() {
  return useMutation({
    mutationFn: async (file: File): Promise<ZoneGeometry> => {
      const body = new FormData();
      body.append('file', file, file.name);
      const envelope = await apiUpload<ZoneGeometryFromFile>('/zones/geometry-from-file', { body, authenticated: true });
      if (!envelope.data) throw new Error('The server answered without an outline');
      return envelope.data.geometry;
    },
  });
}
