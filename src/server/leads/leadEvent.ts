import type { LeadEventLead } from '../../common/api/webhookEvents.js';
import type { LeadView } from './leadRepository.js';

/** A stored lead as the `lead` of the lead.created and lead.updated events (common/api/webhookEvents.ts). */
export function leadEventOf(lead: LeadView): LeadEventLead {
  return {
    id: lead.id,
    provider_id: lead.provider_id,
    provider_name: lead.provider_name,
    lead_type: lead.lead_type,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    status: lead.status,
    request_count: lead.request_count,
    search: lead.search,
    created_at: lead.created_at,
    // Leads stored before updated_at was kept have none: they have not changed since created.
    updated_at: lead.updated_at ?? lead.created_at,
  };
}
