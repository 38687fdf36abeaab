import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, LoginResult, SessionInfo } from '../../../common/api/auth.js';
import { apiData } from '../../api/apiClient.js';
import { storeToken } from '../../auth/tokenStore.js';
import { SESSION_QUERY_KEY } from '../../auth/useVerifySession.js';

/** Signs in; on success the token is stored and the session is known without another verify call. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiData<LoginResult>('/auth/login', { method: 'POST', body: credentials }),
    onSuccess: ({ token, ...session }) => {
      storeToken(token);
      queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, session);
    },
  });
}
