import { useQuery } from '@tanstack/react-query';
import type { SessionInfo } from '../../common/api/auth.js';
import { apiData } from '../api/apiClient.js';
import { readToken } from './tokenStore.js';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

/** Who the stored token belongs to, as the server sees it. Idle when no token is stored. */
export function useVerifySession() {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => apiData<SessionInfo>('/auth/verify', { authenticated: true, signal }),
    enabled: readToken() !== null,
  });
}
