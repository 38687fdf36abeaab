import type { LeadType } from '../../../common/api/leads.js';

/** Whom a lead goes to, and which request type the visitor asked for by the button they pressed. */
export interface LeadTarget {
  /** A provider's id; 0 is the General Inquiry pseudo-provider. */
  providerId: number;
  providerName: string;
  /** Without one the "I want to sign up" option is disabled. */
  signupUrl: string | null;
  /** The button's type ("Sign Up" or "Contact"); null leaves the default (sign_up when there is a signup_url, else contact_request). */
  requestedType: LeadType | null;
}

/**
 * The no-coverage "Contact Us" target: GENERAL_INQUIRY of common/api/leads.ts (a test pins the two
 * together), written out so the map's first bundle does not carry zod.
 */
export const GENERAL_INQUIRY_TARGET: LeadTarget = {
  providerId: 0,
  providerName: 'General Inquiry',
  signupUrl: null,
  requestedType: 'contact_request',
};

/**
 * The default request type is sign_up when the provider has a signup_url, else
 * contact_request. A requested sign_up without a signup_url cannot be chosen, so it falls back too.
 */
export function initialLeadType(signupUrl: string | null, requested: LeadType | null): LeadType {
  if (requested === 'contact_request') return 'contact_request';
  return signupUrl ? 'sign_up' : 'contact_request';
}

/**
 * Where signing up continues: the host of the provider's sign-up page ("overberg.example"), shown
 * before the visitor fills the form. Null without an http(s) address. International names come
 * back in their ASCII form, which cannot pass for another site's name.
 */
export function signupHost(signupUrl: string | null): string | null {
  if (!signupUrl) return null;
  try {
    const url = new URL(signupUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
  } catch {
    return null;
  }
}
