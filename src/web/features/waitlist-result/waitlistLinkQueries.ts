import { useMutation } from '@tanstack/react-query';
import type { WaitlistLinkAction, WaitlistLinkResult } from '../../../common/api/waitlist.js';
import { apiData } from '../../api/apiClient.js';

/** POST /api/waitlist/confirm or /unsubscribe with the link's token: the outcome to show. */
export function useWaitlistLinkAction(action: WaitlistLinkAction) {
  return useMutation({
    mutationFn: (token: string) => apiData<WaitlistLinkResult>(`/waitlist/${action}?token=${encodeURIComponent(token)}`, { method: 'POST' }),
  });
}
