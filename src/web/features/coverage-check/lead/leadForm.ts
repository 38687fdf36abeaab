import type { z } from 'zod';
import type { leadRequest } from '../../../../common/api/leads.js';
import type { LeadTarget } from '../leadTarget.js';
import { initialLeadType } from '../leadTarget.js';

/** What the form holds (text as typed) and what the schema turns it into (empty text left out). */
export type LeadFormValues = z.input<typeof leadRequest>;
export type LeadFormOutput = z.output<typeof leadRequest>;

/** The hint under the contact fields; having one of them is not enforced. */
export const CONTACT_HINT = 'Please give an email address or a phone number so we can reach you.';

export const LEAD_TYPE_LABELS = {
  sign_up: 'I want to sign up',
  contact_request: 'Please contact me with more information',
} as const;

/** A fresh form for `target`; search_id is added when the form is sent, once the search log exists. */
export function leadFormDefaults(target: LeadTarget): LeadFormValues {
  return {
    search_id: null,
    provider_id: target.providerId,
    lead_type: initialLeadType(target.signupUrl, target.requestedType),
    name: '',
    email: '',
    phone: '',
    message: '',
    website: '',
  };
}

/**
 * The POST /api/submit_lead body from the checked form. Empty email, phone and message are already
 * gone; the honeypot goes only when something filled it in.
 */
export function leadRequestBody(output: LeadFormOutput, searchId: number | null): LeadFormOutput {
  const { website, ...rest } = output;
  return { ...rest, search_id: searchId, ...(website ? { website } : {}) };
}
