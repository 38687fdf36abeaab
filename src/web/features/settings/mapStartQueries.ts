import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MapStartSettingInput, MapStartSettings } from '../../../common/api/mapStart.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { refreshPublicConfig } from '../../map/publicConfig.js';

export const MAP_START_QUERY_KEY = ['map-start-settings'] as const;

/** GET /api/settings/public-map: where the public map opens, and the view that gives now. */
export function useMapStartSettings() {
  return useQuery({
    queryKey: MAP_START_QUERY_KEY,
    queryFn: ({ signal }) => apiData<MapStartSettings>('/settings/public-map', { authenticated: true, signal }),
  });
}

/** PUT /api/settings/public-map; resolves to the envelope for its message ("Public map start saved"). */
export function useSaveMapStart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: MapStartSettingInput) => apiRequest<MapStartSettings>('/settings/public-map', { method: 'PUT', body: setting, authenticated: true }),
    onSuccess: (envelope) => {
      if (envelope.data) queryClient.setQueryData(MAP_START_QUERY_KEY, envelope.data);
    },
    // The maps of this browser (the embed generator's defaults too) read the start view from /api/config.
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: MAP_START_QUERY_KEY }), refreshPublicConfig()]),
  });
}
