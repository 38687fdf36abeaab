import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AntennaPatternDetail, AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import { apiData, apiRequest, apiUpload } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';

/** GET /api/antenna_patterns: the library, built-ins first, with each pattern's beamwidths and users. */
export function useAntennaPatterns() {
  return useQuery({
    queryKey: QUERY_KEYS.antennaPatterns,
    queryFn: ({ signal }) => apiData<AntennaPatternSummary[]>('/antenna_patterns', { authenticated: true, signal }),
  });
}

/** GET /api/antenna_patterns/{id}: one pattern with its 360 + 360 attenuations, for its polar plot. */
export function useAntennaPattern(id: number | null) {
  return useQuery({
    queryKey: [...QUERY_KEYS.antennaPatterns, id],
    queryFn: ({ signal }) => apiData<AntennaPatternDetail>(`/antenna_patterns/${id}`, { authenticated: true, signal }),
    enabled: id !== null,
  });
}

export interface PatternUploadInput {
  /** One file, or SPLAT!'s .az and .el. */
  files: readonly File[];
  name: string;
  /** Peak gain, dBi, as typed; sent only when not blank. */
  gainDbi: string;
}

/** POST /api/antenna_patterns (multipart): resolves to the envelope for its message and the stored pattern. */
export function useUploadAntennaPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ files, name, gainDbi }: PatternUploadInput) => {
      const body = new FormData();
      if (name.trim() !== '') body.append('name', name.trim());
      if (gainDbi.trim() !== '') body.append('gain_dbi', gainDbi.trim());
      for (const file of files) body.append('file', file, file.name);
      return apiUpload<AntennaPatternDetail>('/antenna_patterns', { body, authenticated: true });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.antennaPatterns }),
  });
}

export function useDeleteAntennaPattern() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<never>(`/antenna_patterns/${id}`, { method: 'DELETE', authenticated: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.antennaPatterns }),
  });
}
