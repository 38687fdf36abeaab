import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/apiClient.js';
import type { WaitlistJoinBody } from './waitlistForm.js';

/** POST /api/waitlist; resolves to the envelope, whose message says what happens next. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (body: WaitlistJoinBody) => apiRequest<null>('/waitlist', { method: 'POST', body }),
  });
}
