import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamSettings } from '../../../common/api/audit.js';
import { apiData, apiRequest } from '../../api/apiClient.js';

export const TEAM_SETTINGS_QUERY_KEY = ['team-settings'] as const;

/** GET /api/settings/team: the roles that must use 2FA and the audit log's retention. */
export function useTeamSettings() {
  return useQuery({
    queryKey: TEAM_SETTINGS_QUERY_KEY,
    queryFn: ({ signal }) => apiData<TeamSettings>('/settings/team', { authenticated: true, signal }),
  });
}

/** PUT /api/settings/team (an owner); resolves to the envelope for its message ("Team settings saved"). */
export function useSaveTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TeamSettings) => apiRequest<TeamSettings>('/settings/team', { method: 'PUT', body: settings, authenticated: true }),
    onSuccess: (envelope) => {
      if (envelope.data) queryClient.setQueryData(TEAM_SETTINGS_QUERY_KEY, envelope.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_SETTINGS_QUERY_KEY }),
  });
}
