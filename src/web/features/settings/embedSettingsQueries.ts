import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbedSettings } from '../../../common/api/embedSettings.js';
import { apiData, apiRequest } from '../../api/apiClient.js';

export const EMBED_SETTINGS_QUERY_KEY = ['embed-settings'] as const;

/** GET /api/settings/embed: which sites may frame /embed (an empty list: any site). */
export function useEmbedSettings() {
  return useQuery({
    queryKey: EMBED_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<EmbedSettings>('/settings/embed', { authenticated: true, signal }),
  });
}

/** PUT /api/settings/embed; resolves to the envelope for its message ("Embed settings saved"). */
export function useSaveEmbedSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EmbedSettings) => apiRequest<EmbedSettings>('/settings/embed', { method: 'PUT', body: settings, authenticated: true }),
    // The answer is what was stored (normalised by the server): show it at once.
    onSuccess: (envelope) => {
      if (envelope.data) queryClient.setQueryData(EMBED_SETTINGS_QUERY_KEY, envelope.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMBED_SETTINGS_QUERY_KEY }),
  });
}
