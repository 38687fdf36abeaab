import { useMutation } from '@tanstack/react-query';
import type { AcceptedInvitation, AcceptInvitationRequest } from '../../../common/api/users.js';
import { apiData } from '../../api/apiClient.js';

/** POST /api/invitations/accept: creates the account; the page then signs in with it. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (request: AcceptInvitationRequest) => apiData<AcceptedInvitation>('/invitations/accept', { method: 'POST', body: request }),
  });
}
