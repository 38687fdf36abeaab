import { z } from 'zod';
import { EMAIL_MESSAGE, isEmail, phoneText, requiredText } from '../../../../common/api/fields.js';
import { ApiError } from '../../../api/ApiError.js';
import { failureMessage } from '../failureMessage.js';
import type { WaitlistTarget } from '../waitlistTarget.js';

/** The server's words when the consent box is not ticked (POST /api/waitlist answers the same). */
export const CONSENT_MESSAGE = 'Please agree to receive e-mails about service at this address';
export const WAITLIST_FAILED = 'Failed to add you to the list. Please try again.';

/** The form's fields, as typed. */
export interface WaitlistFormValues {
  name: string;
  email: string;
  phone: string;
  consent: boolean;
  /** Honeypot, as in the lead form. */
  website: string;
}

const FORM_FIELDS = ['name', 'email', 'phone', 'consent'] as const;
type FormField = (typeof FORM_FIELDS)[number];

/**
 * The form's rules, on the lead form's field rules (common/api/fields.ts): an e-mail address is
 * required (the confirmation link goes there), a phone is optional, the consent box must be ticked;
 * a zone's pre-registration asks for a name as well.
 */
export function waitlistFormSchema(target: WaitlistTarget) {
  return z.object({
    name: target.kind === 'zone' ? requiredText(200, 'Name').min(2, 'Name must be at least 2 characters') : z.string(),
    email: requiredText(320, 'Email').refine(isEmail, EMAIL_MESSAGE),
    phone: phoneText(),
    consent: z.boolean().refine((ticked) => ticked, CONSENT_MESSAGE),
    website: z.string().max(500),
  });
}
export type WaitlistFormOutput = z.output<ReturnType<typeof waitlistFormSchema>>;

export const WAITLIST_FORM_DEFAULTS: WaitlistFormValues = { name: '', email: '', phone: '', consent: false, website: '' };

/** The POST /api/waitlist body (the contract between the browser and the server). */
export interface WaitlistRequestBody {
  lat: number;
  lng: number;
  address: string;
  email: string;
  phone?: string;
  provider_id?: number;
  zone_id?: number;
  name?: string;
  consent: true;
  website?: string;
}

/** The spot the sign-up is for: the checked point and its address (or its coordinates as text). */
export interface WaitlistPlace {
  lat: number;
  lng: number;
  address: string;
}

/** The body from the checked form: empty phone and honeypot left out; the provider or zone from the target. */
export function waitlistRequestBody(output: WaitlistFormOutput, target: WaitlistTarget, place: WaitlistPlace): WaitlistRequestBody {
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
