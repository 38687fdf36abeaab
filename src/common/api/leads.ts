import { z } from 'zod';

export const LEAD_TYPES = ['sign_up', 'contact_request'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const SEARCH_TYPES = ['address', 'geolocation'] as const;
export const SEARCH_ACTIONS = ['no_action', 'sign_up', 'contact_me'] as const;
export type SearchAction = (typeof SEARCH_ACTIONS)[number];

/** The pseudo-provider of the no-coverage "Contact Us" button (SPEC.md section 2). */
export const GENERAL_INQUIRY = { id: 0, name: 'General Inquiry' } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The largest id the database's integer ids hold; bigger ones are not ids. */
const MAX_ID = 2_147_483_647;
/** NUL characters: PostgreSQL text cannot store them, and no person types them. */
const NO_NUL = (v: string | undefined) => v === undefined || !v.includes('\u0000');
const NUL_MESSAGE = 'Text must not contain NUL characters';
const PHONE = /^[0-9+\-\s()]+$/;

/** Empty text counts as absent (SPEC.md section 7: email, phone and message are omitted when empty). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(NO_NUL, NUL_MESSAGE);

/** The lead form's rules (SPEC.md section 5); the browser form and POST /api/submit_lead share them. */
export const leadRequest = z.object({
  search_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
  provider_id: z.number({ error: 'Provider is required' }).int().min(0, 'Provider is required').max(MAX_ID, 'Provider not found'),
  lead_type: z.enum(LEAD_TYPES, { error: 'Please select a request type' }),
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .min(2, 'Name must be at least 2 characters')
    .max(200, 'Name must be at most 200 characters')
    .refine(NO_NUL, NUL_MESSAGE),
  email: optionalText(320).refine((v) => v === undefined || EMAIL.test(v), 'Please enter a valid email address'),
  phone: optionalText(40).refine((v) => v === undefined || PHONE.test(v), 'Please enter a valid phone number'),
  message: optionalText(2000),
  /** Honeypot: a field people never see; anything in it marks a bot, whose lead is dropped silently. */
  website: z.string().max(500).optional(),
});
export type LeadRequest = z.infer<typeof leadRequest>;

export const leadResult = z.object({ id: z.number().nullable() });

/** POST /api/log_search (SPEC.md section 3, Search log). */
export const searchLogRequest = z.object({
  session_id: z.string().trim().min(8, 'session_id is required').max(100).refine(NO_NUL, NUL_MESSAGE),
  search_type: z.enum(SEARCH_TYPES, { error: `search_type must be one of ${SEARCH_TYPES.join(', ')}` }),
  lat: z.number().min(-90).max(90).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  address: z.string().trim().max(500).refine(NO_NUL, NUL_MESSAGE).nullable().optional(),
  /** Ids of the providers the search found. */
  coverage_providers: z.array(z.number().int().min(0).max(MAX_ID)).max(200).default([]),
  action_taken: z.enum(SEARCH_ACTIONS).default('no_action'),
});
export type SearchLogRequest = z.infer<typeof searchLogRequest>;

export const searchLogResult = z.object({ id: z.number() });
