import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { RecoveryCodesResult, SessionSummary, TwoFactorDisableRequest, TwoFactorSetup } from '../../../common/api/auth.js';
import { apiData, apiRequest } from '../../api/apiClient.js';
import { ADMIN_LOGIN_PATH } from '../../auth/adminPaths.js';
import { clearToken } from '../../auth/tokenStore.js';
import { SESSION_QUERY_KEY } from '../../auth/useVerifySession.js';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** A new secret to enrol (2FA stays off until a code confirms it). */
export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiData<TwoFactorSetup>('/auth/2fa/setup', { method: 'POST', authenticated: true }) });
}

/**
 * The session's two_factor_enabled (and whether the role still requires setting it up) changes
 * with 2FA: verify again. Not at once after enabling: the recovery codes are shown first, and the
 * card follows the session.
 */
export function useRefreshSession() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (code: string) => apiData<RecoveryCodesResult>('/auth/2fa/enable', { method: 'POST', body: { code }, authenticated: true }),
  });
}

export function useDisableTwoFactor() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (request: TwoFactorDisableRequest) => apiRequest<never>('/auth/2fa/disable', { method: 'POST', body: request, authenticated: true }),
    onSuccess: refresh,
  });
}

export function useRenewRecoveryCodes() {
  return useMutation({
    mutationFn: (code: string) => apiData<RecoveryCodesResult>('/auth/2fa/recovery-codes', { method: 'POST', body: { code }, authenticated: true }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiData<SessionSummary[]>('/auth/sessions', { authenticated: true, signal }),
  });
}

/** Ends one of the user's sessions; ending the current one signs this browser out. */
export function useEndSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (session: SessionSummary) => apiRequest<never>(`/auth/sessions/${session.id}`, { method: 'DELETE', authenticated: true }),
    onSuccess: (_envelope, session) => {
      if (session.current) {
        clearToken();
        navigate(ADMIN_LOGIN_PATH, { replace: true });
        queryClient.removeQueries();
        return;
      }
      return queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
    },
  });
}
