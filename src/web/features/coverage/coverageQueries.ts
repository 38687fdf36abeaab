import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import type { ApiEnvelope } from '../../../common/api/envelope.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';
import type { CoverageLayerFormValues } from './coverageLayerForm.js';
import { createLayerFormData, updateLayerBody } from './coverageLayerForm.js';

export function useCoverageLayers() {
  return useQuery({
    queryKey: QUERY_KEYS.coverageLayers,
    queryFn: ({ signal }) => apiData<CoverageLayer[]>('/coverage_layers', { authenticated: true, signal }),
  });
}

export interface SaveCoverageLayerInput {
  /** Absent for a new layer. */
  id?: number;
  values: CoverageLayerFormValues;
  /** A newly chosen KML/KMZ file, if any. */
  file: File | null;
  /** Upload progress of the file, 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Saves a layer. A new layer is one multipart POST (the file included). An
 * edit uploads a newly chosen file first (POST /coverage_layers/{id}/upload), then PUTs the fields
 * as JSON. Resolves to the last envelope, for its message.
 */
export function useSaveCoverageLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values, file, onProgress }: SaveCoverageLayerInput): Promise<ApiEnvelope<CoverageLayer>> => {
      if (id === undefined) {
        return apiUpload<CoverageLayer>('/coverage_layers', {
          body: createLayerFormData(values, file),
          authenticated: true,
          onProgress: file ? onProgress : undefined,
        });
      }
      if (file) {
        const upload = new FormData();
        upload.append('kml_file', file, file.name);
        await apiUpload<CoverageLayer>(`/coverage_layers/${id}/upload`, { body: upload, authenticated: true, onProgress });
      }
      return apiRequest<CoverageLayer>(`/coverage_layers/${id}`, { method: 'PUT', body: updateLayerBody(values), authenticated: true });
    },
    // Settled, not only succeeded: an edit whose upload worked but whose update failed changed data too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.coverageLayers }),
  });
}

export function useDeleteCoverageLayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/coverage_layers/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.coverageLayers }),
  });
}
