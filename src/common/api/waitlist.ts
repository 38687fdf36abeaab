import { z } from 'zod';
import { emailText, entityId, entityIdOrZero, numberField, phoneText, requiredText, text } from './fields.js';

export const WAITLIST_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** What pressing a confirm or unsubscribe link's button ends in: /waitlist?outcome=… (the site's page says it). */
export const WAITLIST_OUTCOMES = ['confirmed', 'already_confirmed', 'unsubscribed', 'invalid'] as const;
export type WaitlistOutcome = (typeof WAITLIST_OUTCOMES)[number];

/** The e-mailed links: each opens a page whose button POSTs the action (a GET never acts). */
export const WAITLIST_LINK_ACTIONS = ['confirm', 'unsubscribe'] as const;
export type WaitlistLinkAction = (typeof WAITLIST_LINK_ACTIONS)[number];

/** POST /api/waitlist/confirm and /unsubscribe: the message for each outcome (the page says it at length). */
export const WAITLIST_OUTCOME_MESSAGES: Record<WaitlistOutcome, string> = {
  confirmed: 'Confirmed',
  already_confirmed: 'Already confirmed',
  unsubscribed: 'Unsubscribed',
  invalid: 'This link is not valid',
};

/** The data of POST /api/waitlist/confirm and /unsubscribe. */
export const waitlistLinkResult = z.object({ outcome: z.enum(WAITLIST_OUTCOMES) });
export type WaitlistLinkResult = z.infer<typeof waitlistLinkResult>;

export const WAITLIST_JOINED = 'Almost there: check your e-mail and open the link to confirm.';
export const WAITLIST_CONSENT_MESSAGE = 'Please agree to receive e-mails about service at this address';

/** POST /api/waitlist: the form of "Notify me when it's available" and of a zone's pre-registration. */
export const waitlistJoinRequest = z
  .object({
    lat: numberField(z.number({ error: 'lat must be a number' }).min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90')),
    lng: numberField(z.number({ error: 'lng must be a number' }).min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180')),
    address: requiredText(500, 'Address'),
    email: emailText().refine((v) => v !== '', 'Email is required'),
    /** Empty text counts as absent. */
    phone: phoneText()
      .optional()
      .transform((v) => (v ? v : undefined)),
    /** Absent: any provider. */
    provider_id: entityId('Provider not found').optional(),
    /** A pre-registration in this zone (name then required); the entry takes the zone's provider. */
    zone_id: entityId('Zone not found').optional(),
    name: text(200, 'Name')
      .optional()
      .transform((v) => (v ? v : undefined)),
    consent: z.literal(true, { error: WAITLIST_CONSENT_MESSAGE }),
    /** Honeypot, as the lead form's: anything in it marks a bot, answered like success and dropped. */
    website: z.string().max(500).optional(),
  })
  .superRefine((value, context) => {
    if (value.zone_id === undefined) return;
    if (!value.name) context.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
    else if (value.name.length < 2) context.addIssue({ code: 'custom', path: ['name'], message: 'Name must be at least 2 characters' });
  });
export type WaitlistJoinRequest = z.infer<typeof waitlistJoinRequest>;

/** ?token= of the confirm and unsubscribe links (the token itself is checked by the server). */
export const waitlistTokenQuery = z.object({ token: text(200, 'token').default('') });

export const waitlistEntry = z.object({
  id: z.number(),
  provider_id: z.number().nullable(),
  provider_name: z.string().nullable(),
  zone_id: z.number().nullable(),
  zone_name: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** The first "now available" e-mail's time; null: not told yet. */
  notified_at: z.string().nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

/** GET /api/waitlist and /api/waitlist/export: filters (provider_id 0: entries for any provider). */
export const waitlistFilters = z.object({
  provider_id: entityIdOrZero('provider_id must be a provider id').optional(),
  status: z.enum(WAITLIST_STATUSES, { error: `status must be one of ${WAITLIST_STATUSES.join(', ')}` }).optional(),
  zone_id: entityId('zone_id must be a zone id').optional(),
});
export type WaitlistFilters = z.infer<typeof waitlistFilters>;

export const waitlistListQuery = waitlistFilters.extend({
  page: numberField(z.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1)),
  page_size: numberField(
    z.number().int('page_size must be a whole number').min(1, 'page_size must be from 1 to 200').max(200, 'page_size must be from 1 to 200').default(50),
  ),
});
export type WaitlistListQuery = z.infer<typeof waitlistListQuery>;

export const waitlistPage = z.object({ items: z.array(waitlistEntry), total: z.number() });
export type WaitlistPage = z.infer<typeof waitlistPage>;

export const waitlistSummaryRow = z.object({
  /** null: entries for any provider. */
  provider_id: z.number().nullable(),
  provider_name: z.string(),
  pending: z.number(),
  confirmed: z.number(),
  unsubscribed: z.number(),
  /** Entries told of service at least once. */
  notified: z.number(),
});
export type WaitlistSummaryRow = z.infer<typeof waitlistSummaryRow>;

/** A confirmed entry's spot, for the demand map (degrees). */
export const waitlistPoint = z.object({ lat: z.number(), lng: z.number(), provider_id: z.number().nullable(), zone_id: z.number().nullable() });
export type WaitlistPoint = z.infer<typeof waitlistPoint>;

/** Most points GET /api/waitlist/points answers (the newest confirmed). */
export const WAITLIST_POINTS_LIMIT = 50_000;

export const waitlistIdParams = z.object({ id: entityId('id must be a waitlist entry id', 'Waitlist entry not found') });
