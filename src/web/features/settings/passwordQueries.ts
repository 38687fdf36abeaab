import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../common/api/auth.js';
import { apiRequest } from '../../api/apiClient.js';

/** Changes the signed-in admin's password; resolves to the server's envelope for its message. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (request: ChangePasswordRequest) => apiRequest<never>('/auth/change-password', { method: 'POST', body: request, authenticated: true }),
  });
}
