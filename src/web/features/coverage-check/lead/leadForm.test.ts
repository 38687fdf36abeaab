import { describe, expect, it } from 'vitest';
import { GENERAL_INQUIRY, leadRequest } from '../../../../common/api/leads.js';
import type { LeadTarget } from '../leadTarget.js';
import { GENERAL_INQUIRY_TARGET, initialLeadType } from '../leadTarget.js';
import { leadFormDefaults, leadRequestBody } from './leadForm.js';

const provider = (signupUrl: string | null, requestedType: LeadTarget['requestedType'] = null): LeadTarget => ({
  providerId: 7,
  providerName: 'Overberg Fibre',
  signupUrl,
  requestedType,
});

describe('lead form defaults', () => {
  it('starts on sign_up when the provider has a signup_url, else on contact_request', () => {
    expect(leadFormDefaults(provider('https://fibre.example/join')).lead_type).toBe('sign_up');
    expect(leadFormDefaults(provider(null)).lead_type).toBe('contact_request');
  });

  it('follows the button pressed, except a sign-up the provider cannot take', () => {
    expect(initialLeadType('https://fibre.example/join', 'contact_request')).toBe('contact_request');
    expect(initialLeadType('https://fibre.example/join', 'sign_up')).toBe('sign_up');
    expect(initialLeadType(null, 'sign_up')).toBe('contact_request');
  });

  it('is empty apart from the provider and the type', () => {
    expect(leadFormDefaults(provider(null))).toEqual({
      search_id: null,
      provider_id: 7,
      lead_type: 'contact_request',
      name: '',
      email: '',
      phone: '',
      message: '',
      website: '',
    });
  });

  it('sends the General Inquiry of the no-coverage Contact Us as provider 0', () => {
    expect(GENERAL_INQUIRY_TARGET).toMatchObject({ providerId: GENERAL_INQUIRY.id, providerName: GENERAL_INQUIRY.name, signupUrl: null });
    expect(leadFormDefaults(GENERAL_INQUIRY_TARGET)).toMatchObject({ provider_id: 0, lead_type: 'contact_request' });
  });
});

describe('lead form rules and body', () => {
  const check = (values: Partial<ReturnType<typeof leadFormDefaults>>) => leadRequest.safeParse({ ...leadFormDefaults(provider(null)), ...values });
  /** The message each field shows: zodResolver keeps the first issue of a field. */
  const messages = (values: Partial<ReturnType<typeof leadFormDefaults>>) => {
    const result = check(values);
    if (result.success) return [];
    const first = new Map<string, string>();
    for (const issue of result.error.issues) if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), issue.message);
    return [...first.values()];
  };

  it('refuses the empty form with the SPEC messages', () => {
    expect(messages({ name: '' })).toEqual(['Name is required']);
    expect(messages({ name: 'A' })).toEqual(['Name must be at least 2 characters']);
    expect(messages({ name: 'Ann', email: 'ann@' })).toEqual(['Please enter a valid email address']);
    expect(messages({ name: 'Ann', phone: 'call me' })).toEqual(['Please enter a valid phone number']);
  });

  it('leaves out empty email, phone, message and honeypot, and adds the search id', () => {
    const parsed = check({ name: ' Ann ', phone: '+27 (21) 555-0100' });
    if (!parsed.success) throw parsed.error;
    expect(JSON.parse(JSON.stringify(leadRequestBody(parsed.data, 12)))).toEqual({
      search_id: 12,
      provider_id: 7,
      lead_type: 'contact_request',
      name: 'Ann',
      phone: '+27 (21) 555-0100',
    });
  });

  it('keeps a filled-in honeypot so the server can drop the lead', () => {
    const parsed = check({ name: 'Bot', website: 'http://spam.example' });
    if (!parsed.success) throw parsed.error;
    expect(leadRequestBody(parsed.data, null)).toMatchObject({ website: 'http://spam.example', search_id: null });
  });
});
