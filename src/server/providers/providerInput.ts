import { z } from 'zod';
import { API_AUTH_TYPES, apiFieldsMapping, DATA_SOURCES } from '../../common/api/providers.js';

/** Text a form sends for a boolean (SPEC.md section 7: "Booleans are sent as text"). */
const booleanText = (field: string) =>
  z.enum(['true', 'false', '1', '0', 'on', 'off'], { error: `${field} must be true or false` }).transform((v) => v === 'true' || v === '1' || v === 'on');

/** Empty text clears an optional field. */
const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v));

const httpUrl = (message: string) =>
  optionalText(2000, 'URL').refine((v) => v === null || isHttpUrl(v), message);

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function jsonText<T extends z.ZodType>(schema: T, message: string) {
  return optionalText(100_000, 'JSON').transform((text, ctx) => {
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${message} (not valid JSON)` });
      return z.NEVER;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: `${message}: ${parsed.error.issues[0]?.message ?? 'invalid'}` });
      return z.NEVER;
    }
    return JSON.stringify(parsed.data);
  });
}

const PHONE = /^[0-9+\-\s()]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The provider form's text fields (multipart). Every field is optional here: on create the service
 * applies defaults and requires a name; on update an absent field keeps its stored value.
 */
export const providerFields = z.object({
  name: z.string().trim().min(1, 'Provider name is required').max(200, 'Provider name must be at most 200 characters'),
  description: optionalText(2000, 'Description'),
  signup_url: httpUrl('Sign-up URL must be a valid http or https URL'),
  contact_email: optionalText(320, 'Contact email').refine((v) => v === null || EMAIL.test(v), 'Please enter a valid email address'),
  contact_phone: optionalText(40, 'Contact phone').refine((v) => v === null || PHONE.test(v), 'Please enter a valid phone number'),
  active: booleanText('active'),
  data_source: z.enum(DATA_SOURCES, { error: `Data source must be one of ${DATA_SOURCES.join(', ')}` }),
  my_maps_url: httpUrl('My Maps URL must be a valid http or https URL'),
  auto_sync: booleanText('auto_sync'),
  api_endpoint_url: httpUrl('API endpoint URL must be a valid http or https URL'),
  api_headers: jsonText(z.record(z.string(), z.string()), 'API headers must be a JSON object of header names to text values'),
  api_fields_mapping: jsonText(apiFieldsMapping, 'API field mapping is not valid'),
  api_auth_type: z.enum(API_AUTH_TYPES, { error: `Auth type must be one of ${API_AUTH_TYPES.join(', ')}` }),
  /** Validated per auth type by the service (it needs the stored secrets to merge masked values). */
  api_auth_config: optionalText(10_000, 'Auth config'),
  remove_logo: booleanText('remove_logo'),
}).partial();
export type ProviderFields = z.infer<typeof providerFields>;
