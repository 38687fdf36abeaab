import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/ApiError.js';
import type { PublicZone } from '../../../../common/api/zones.js';
import type { WaitlistTarget } from '../waitlistTarget.js';
import type { WaitlistFormValues } from './waitlistForm.js';
import { WAITLIST_CONSENT_MESSAGE, waitlistJoinRequest } from '../../../../common/api/waitlist.js';
import { consentLine, WAITLIST_FAILED, WAITLIST_FORM_DEFAULTS, waitlistFormSchema, waitlistRequestBody, waitlistServerErrors } from './waitlistForm.js';

const zone: PublicZone = {
  id: 9,
  name: 'Bredasdorp',
  provider_id: 3,
  provider_name: 'Overberg Fibre',
  goal: 120,
  confirmed_count: 87,
  deadline: null,
  message: 'help bring fibre to Bredasdorp',
  geometry: { type: 'Polygon', coordinates: [] },
};
const provider: WaitlistTarget = { kind: 'provider', providerId: 3, providerName: 'Overberg Fibre' };
const inZone: WaitlistTarget = { kind: 'zone', zone };
const place = { lat: -34.53, lng: 20.04, address: '12 Long Street, Bredasdorp' };
const filled: WaitlistFormValues = { ...WAITLIST_FORM_DEFAULTS, email: ' ann@example.com ', consent: true };

/** The first message of each field, as zodResolver shows them. */
function messages(target: WaitlistTarget, values: Partial<WaitlistFormValues>): Record<string, string> {
  const result = waitlistFormSchema(target).safeParse({ ...filled, ...values });
  const byField: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('the waitlist form’s rules', () => {
  it('wants an e-mail address by the lead form’s rule, and the consent box ticked', () => {
    expect(messages(provider, { email: '' })).toEqual({ email: 'Email is required' });
    expect(messages(provider, { email: 'ann@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(messages(provider, { consent: false })).toEqual({ consent: WAITLIST_CONSENT_MESSAGE });
    expect(messages(provider, {})).toEqual({});
  });

  it('takes a phone only when it is one, and leaves it optional', () => {
    expect(messages(provider, { phone: '12' })).toEqual({ phone: 'Please enter a valid phone number: at least 7 digits' });
    expect(messages(provider, { phone: '+27 (21) 555-0100' })).toEqual({});
  });

  it('asks a name only in a zone', () => {
    expect(messages(inZone, {})).toEqual({ name: 'Name is required' });
    expect(messages(inZone, { name: 'A' })).toEqual({ name: 'Name must be at least 2 characters' });
    expect(messages(inZone, { name: 'Ann' })).toEqual({});
  });
});

describe('the POST /api/waitlist body', () => {
  const parse = (target: WaitlistTarget, values: Partial<WaitlistFormValues> = {}) => waitlistFormSchema(target).parse({ ...filled, ...values });

  it('names the provider, leaves out an empty phone and honeypot, and always consents', () => {
    expect(waitlistRequestBody(parse(provider), provider, place)).toEqual({ ...place, email: 'ann@example.com', provider_id: 3, consent: true });
  });

  it('names no provider when any provider will do', () => {
    const body = waitlistRequestBody(parse({ kind: 'any' }, { phone: '021 555 0100' }), { kind: 'any' }, place);
    expect(body).toEqual({ ...place, email: 'ann@example.com', phone: '021 555 0100', consent: true });
  });

  it('sends a zone’s id and the name, and a filled-in honeypot so the server can drop a bot', () => {
    const body = waitlistRequestBody(parse(inZone, { name: ' Ann ', website: 'http://spam.example' }), inZone, place);
    expect(body).toEqual({ ...place, email: 'ann@example.com', zone_id: 9, name: 'Ann', consent: true, website: 'http://spam.example' });
  });

  it('is what the server’s own schema accepts', () => {
    for (const target of [provider, { kind: 'any' } as const, inZone]) {
      const body = waitlistRequestBody(parse(target, { name: 'Ann', phone: '021 555 0100' }), target, place);
      expect(waitlistJoinRequest.safeParse(body).success).toBe(true);
    }
  });
});

describe('what the form says', () => {
  it('says what we will send and that every e-mail can unsubscribe', () => {
    expect(consentLine(provider)).toBe(
      "E-mail me when service is available at this address. We'll only write about service here; every e-mail has an unsubscribe link.",
    );
    expect(consentLine(inZone)).toContain('Overberg Fibre');
    expect(consentLine(inZone)).toContain('unsubscribe link');
  });

  it('puts the server’s field messages under the fields, and nothing above them', () => {
    const refused = new ApiError('Please enter a valid email address', 400, undefined, [{ field: 'email', message: 'Please enter a valid email address' }]);
    expect(waitlistServerErrors(refused)).toEqual({ fields: { email: 'Please enter a valid email address' }, message: null });
  });

  it('shows a refusal the fields cannot hold, a rate limit and a failure above the buttons', () => {
    const outside = new ApiError('This address is outside the zone', 400);
    expect(waitlistServerErrors(outside)).toEqual({ fields: {}, message: 'This address is outside the zone' });
    const limited = new ApiError('Too many requests, please try again later.', 429);
    expect(waitlistServerErrors(limited).message).toBe('Too many requests, please try again later.');
    expect(waitlistServerErrors(new ApiError('Internal server error', 500)).message).toBe(WAITLIST_FAILED);
    expect(waitlistServerErrors(new ApiError('Could not reach the server.', null)).message).toBe(WAITLIST_FAILED);
  });
});
