import { useMutation } from '@tanstack/react-query';
import type { LeadRequest } from '../../../../common/api/leads.js';
import { apiRequest } from '../../../api/apiClient.js';

/** POST /api/submit_lead; resolves to the envelope (message and the lead's id). */
export function useSubmitLead() {
  return useMutation({
    mutationFn: (body: LeadRequest) => apiRequest<{ id: number | null }>('/submit_lead', { method: 'POST', body }),
  });
}
