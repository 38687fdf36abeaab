import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RadioSettings, RadioSettingsInput } from '../../../common/api/radioSettings.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { QUERY_KEYS } from '../../api/queryKeys.js';

const RADIO_SETTINGS_QUERY_KEY = ['radio-settings'] as const;

/** GET /api/settings/radio: the propagation model, ITM's parameters, the clutter height and the CPE profiles. */
export function useRadioSettings() {
  return useQuery({
    queryKey: RADIO_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<RadioSettings>('/settings/radio', { authenticated: true, signal }),
  });
}

/**
 * PUT /api/settings/radio (the whole document); resolves to the envelope for its message. A save
 * recomputes every tower's footprint, so the towers' footprint states are asked for again.
 */
export function useSaveRadioSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RadioSettingsInput) => apiRequest<RadioSettings>('/settings/radio', { method: 'PUT', body: settings, authenticated: true }),
    onSuccess: (envelope) => {
      if (envelope.data) queryClient.setQueryData(RADIO_SETTINGS_QUERY_KEY, envelope.data);
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: RADIO_SETTINGS_QUERY_KEY }), queryClient.invalidateQueries({ queryKey: QUERY_KEYS.towers })]),
  });
}
