import type { LeadType } from '../../common/api/leads.js';
import { GENERAL_INQUIRY } from '../../common/api/leads.js';
import type { LeadStatus } from '../../common/api/reports.js';

/** A lead's request type as the admin screens name it. */
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  sign_up: 'Sign up',
  contact_request: 'Contact request',
};

/** The chip colour of each lead status: new asks for attention, converted is the goal. */
export const LEAD_STATUS_COLORS: Record<LeadStatus, 'info' | 'warning' | 'success' | 'default'> = {
  new: 'info',
  contacted: 'warning',
  converted: 'success',
  closed: 'default',
};

/**
 * The provider a lead went to: its name, or "General Inquiry" for a lead without
 * one (the contract gives a deleted provider's leads no provider either).
 */
export function leadProviderName(lead: { provider_id: number | null; provider_name: string | null }): string {
  if (lead.provider_name) return lead.provider_name;
  return lead.provider_id === null || lead.provider_id === GENERAL_INQUIRY.id ? GENERAL_INQUIRY.name : `Provider #${lead.provider_id}`;
}
