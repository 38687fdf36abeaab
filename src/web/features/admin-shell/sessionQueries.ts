import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../../api/apiClient.js';
import { ADMIN_LOGIN_PATH } from '../../auth/adminPaths.js';
import { clearToken } from '../../auth/tokenStore.js';

/**
 * Ends the admin session: the server revokes the token, then the browser forgets it and every
 * cached admin answer. The local sign-out happens even when the server call fails, because a
 * visitor who asked to leave must not stay signed in on this device.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<never>('/auth/logout', { method: 'POST', authenticated: true }),
    onSettled: () => {
      clearToken();
      navigate(ADMIN_LOGIN_PATH, { replace: true });
      queryClient.removeQueries();
    },
  });
}
