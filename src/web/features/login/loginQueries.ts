import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isLoginChallenge, type LoginCodeRequest, type LoginRequest, type LoginResult, type LoginToken, type SessionInfo } from '../../../common/api/auth.js';
import { apiData } from '../../api/apiClient.js';
import { storeToken } from '../../auth/tokenStore.js';
import { SESSION_QUERY_KEY } from '../../auth/useVerifySession.js';

/** Keeps a finished sign-in: the token stored, the session known without another verify call. */
function useKeepSession() {
  const queryClient = useQueryClient();
  return ({ token, ...session }: LoginToken) => {
    storeToken(token);
    queryClient.setQueryData<SessionInfo>(SESSION_QUERY_KEY, session);
  };
}

/** The password step: resolves to a token (kept at once) or, with two-factor sign-in on, a challenge for the code step. */
export function useLogin() {
  const keep = useKeepSession();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiData<LoginResult>('/auth/login', { method: 'POST', body: credentials }),
    onSuccess: (result) => {
      if (!isLoginChallenge(result)) keep(result);
    },
  });
}

/** The code step: the password step's challenge and a code from the app or a recovery code. */
export function useLoginCode() {
  const keep = useKeepSession();
  return useMutation({
    mutationFn: (request: LoginCodeRequest) => apiData<LoginToken>('/auth/login/2fa', { method: 'POST', body: request }),
    onSuccess: keep,
  });
}
