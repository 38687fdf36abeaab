import { z } from 'zod';
import { emailText, entityId, entityIdOrZero, phoneText, requiredText, text } from './fields.js';

export const LEAD_TYPES = ['sign_up', 'contact_request'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
/**
 * How the visitor chose the spot of a search: a typed address or coordinates, the device's
 * location, or a point on the map (a click, or the marker dragged there).
 */
export const SEARCH_TYPES = ['address', 'geolocation', 'map_click'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_ACTIONS = ['no_action', 'sign_up', 'contact_me'] as const;
export type SearchAction = (typeof SEARCH_ACTIONS)[number];

/** The pseudo-provider of the no-coverage "Contact Us" button. */
export const GENERAL_INQUIRY = { id: 0, name: 'General Inquiry' } as const;

/** Empty text counts as absent (email, phone and message are omitted when empty). */
const omittedWhenEmpty = (schema: z.ZodType<string, string>) => schema.optional().transform((v) => (v ? v : undefined));

/** The lead form's rules; the browser form and POST /api/submit_lead share them. */
export const leadRequest = z.object({
  search_id: entityId('search_id must be a search id').nullable().optional(),
  /** GENERAL_INQUIRY.id (0) or a provider. */
  provider_id: entityIdOrZero('Provider is required', 'Provider not found'),
  lead_type: z.enum(LEAD_TYPES, { error: 'Please select a request type' }),
  name: requiredText(200, 'Name').min(2, 'Name must be at least 2 characters'),
  email: omittedWhenEmpty(emailText()),
  phone: omittedWhenEmpty(phoneText()),
  message: omittedWhenEmpty(text(2000, 'Message')),
  /**
   * Honeypot: a field people never see; anything in it (NUL too) marks a bot, whose lead is dropped
   * silently. Never stored, so the text rule does not apply: refusing would tell the bot.
   */
  website: z.string().max(500).optional(),
});
export type LeadRequest = z.infer<typeof leadRequest>;

export const leadResult = z.object({ id: z.number().nullable() });

/** POST /api/log_search. */
export const searchLogRequest = z.object({
  session_id: requiredText(100, 'session_id').min(8, 'session_id is required'),
  search_type: z.enum(SEARCH_TYPES, { error: `search_type must be one of ${SEARCH_TYPES.join(', ')}` }),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  address: text(500, 'address').nullable().optional(),
  /** Ids of the providers the search found. */
  coverage_providers: z.array(entityIdOrZero('coverage_providers must be a list of provider ids')).max(200).default([]),
  action_taken: z.enum(SEARCH_ACTIONS).default('no_action'),
});
export type SearchLogRequest = z.infer<typeof searchLogRequest>;

export const searchLogResult = z.object({ id: z.number() });
