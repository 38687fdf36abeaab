import { z } from 'zod';
import { text } from '../../../common/api/fields.js';
import type { LeadStatus, LeadUpdate, ReportLead } from '../../../common/api/reports.js';
import { LEAD_NOTES_MAX, LEAD_STATUSES } from '../../../common/api/reports.js';

/** The details dialog's form: the lead's status and the admin's notes (the rules of PATCH /api/leads/{id}). */
export const leadEditForm = z.object({
  status: z.enum(LEAD_STATUSES),
  notes: text(LEAD_NOTES_MAX, 'Notes'),
});
export interface LeadEditValues {
  status: LeadStatus;
  notes: string;
}

export function leadEditDefaults(lead: Pick<ReportLead, 'status' | 'notes'>): LeadEditValues {
  return { status: lead.status, notes: lead.notes ?? '' };
}

/**
 * What changed, as PATCH /api/leads/{id} takes it (empty notes clear them: null); null when
 * nothing did.
 */
export function leadEditPayload(values: LeadEditValues, lead: Pick<ReportLead, 'status' | 'notes'>): LeadUpdate | null {
  const update: LeadUpdate = {};
  if (values.status !== lead.status) update.status = values.status;
  const notes = values.notes.trim() === '' ? null : values.notes.trim();
  if (notes !== (lead.notes ?? null)) update.notes = notes;
  return Object.keys(update).length === 0 ? null : update;
}
