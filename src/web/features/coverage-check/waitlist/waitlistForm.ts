import { z } from 'zod';
import { requiredText } from '../../../../common/api/fields.js';
import { waitlistJoinRequest } from '../../../../common/api/waitlist.js';
import { ApiError } from '../../../api/ApiError.js';
import { failureMessage } from '../failureMessage.js';
import type { WaitlistTarget } from '../waitlistTarget.js';

export const WAITLIST_FAILED = 'Failed to add you to the list. Please try again.';

const FORM_FIELDS = ['name', 'email', 'phone', 'consent'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/**
 * The form's rules, the fields of POST /api/waitlist's own schema (common/api/waitlist.ts): an
 * e-mail address is required (the confirmation link goes there), a phone is optional, the consent
 * box must be ticked. A zone's pre-registration asks for a name as well, by the lead form's rule, here
 * beside the other fields (the server's schema checks it once they pass, so a form would show it last).
 */
export function waitlistFormSchema(target: WaitlistTarget) {
  const fields = waitlistJoinRequest.shape;
  return z.object({
    name: target.kind === 'zone' ? requiredText(200, 'Name').min(2, 'Name must be at least 2 characters') : z.string(),
    email: fields.email,
    phone: fields.phone,
    // The box is a boolean; the server's rule takes only true.
    consent: z.boolean().pipe(fields.consent),
    website: fields.website,
  });
}
/** What the form holds (text as typed, the box ticked or not; `website` is the honeypot, as in the lead form) and what it sends. */
export type WaitlistFormValues = z.input<ReturnType<typeof waitlistFormSchema>>;
export type WaitlistFormOutput = z.output<ReturnType<typeof waitlistFormSchema>>;

export const WAITLIST_FORM_DEFAULTS: WaitlistFormValues = { name: '', email: '', phone: '', consent: false, website: '' };

/** The spot the sign-up is for: the checked point and its address (or its coordinates as text). */
/** The POST /api/waitlist body, as sent (the server's schema then trims and checks it). */
export type WaitlistJoinBody = z.input<typeof waitlistJoinRequest>;

export interface WaitlistPlace {
  lat: number;
  lng: number;
  address: string;
}

/** The body from the checked form: empty phone and honeypot left out; the provider or zone from the target. */
export function waitlistRequestBody(output: WaitlistFormOutput, target: WaitlistTarget, place: WaitlistPlace): WaitlistJoinBody {
  return {
    lat: place.lat,
    lng: place.lng,
    address: place.address,
    email: output.email,
    ...(output.phone ? { phone: output.phone } : {}),
    ...(target.kind === 'provider' ? { provider_id: target.providerId } : {}),
    ...(target.kind === 'zone' ? { zone_id: target.zone.id, name: output.name } : {}),
    consent: true,
    ...(output.website ? { website: output.website } : {}),
  };
}

/** The consent line beside the box: what we will send, and that every e-mail can end it. */
export function consentLine(target: WaitlistTarget): string {
  const what =
    target.kind === 'zone'
      ? `E-mail me about this pre-registration and when ${target.zone.provider_name} is available at this address.`
      : 'E-mail me when service is available at this address.';
  return `${what} We'll only write about service here; every e-mail has an unsubscribe link.`;
}

/**
 * A refusal split for the form: the messages of the fields the form has (shown under them), and
 * the message to show above the buttons (a refused spot or zone, too many requests, a failure
 * without an answer), or null when the fields say it all.
 */
export function waitlistServerErrors(error: unknown): { fields: Partial<Record<FormField, string>>; message: string | null } {
  const fields: Partial<Record<FormField, string>> = {};
  let other = false;
  if (error instanceof ApiError) {
    for (const { field, message } of error.fieldErrors) {
      if ((FORM_FIELDS as readonly string[]).includes(field)) fields[field as FormField] ??= message;
      else other = true;
    }
  }
  const named = Object.keys(fields).length > 0;
  return { fields, message: named && !other ? null : failureMessage(error, WAITLIST_FAILED) };
}
