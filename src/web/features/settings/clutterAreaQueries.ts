import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClutterArea, ClutterClass } from '../../../common/api/clutterAreas.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';

/** GET /api/clutter_areas: newest first. */
export function useClutterAreas() {
  return useQuery({
    queryKey: QUERY_KEYS.clutterAreas,
    queryFn: ({ signal }) => apiData<ClutterArea[]>('/clutter_areas', { authenticated: true, signal }),
  });
}

export interface ClutterUploadInput {
  file: File;
  clutterClass: ClutterClass;
  /** Sent only when not blank (the server then names the area after the file). */
  name: string;
  /** Fraction of the file sent, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * An area changes the clutter under the towers' footprints, which the server recomputes: the areas
 * (list and GeoJSON, one root key) and the towers with their footprint states are asked again.
 */
function clutterChanged(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEYS.clutterAreas }), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.towers })]);
}

/** POST /api/clutter_areas (multipart: file, clutter_class, name): resolves to the envelope for its message and the stored area. */
export function useUploadClutterArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, clutterClass, name, onProgress }: ClutterUploadInput) => {
      const body = new FormData();
      body.append('clutter_class', clutterClass);
      if (name.trim() !== '') body.append('name', name.trim());
      body.append('file', file, file.name);
      return apiUpload<ClutterArea>('/clutter_areas', { body, authenticated: true, onProgress });
    },
    onSettled: () => clutterChanged(queryClient),
  });
}

/** DELETE /api/clutter_areas/{id}. */
export function useDeleteClutterArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/clutter_areas/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => clutterChanged(queryClient),
  });
}
