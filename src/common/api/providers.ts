import { z } from 'zod';
import {
  booleanField,
  emailText,
  entityId,
  httpUrlText,
  isHttpUrl,
  numberField,
  parseJsonObject,
  phoneText,
  rawText,
  requiredText,
  text,
  URL_MESSAGE,
} from './fields.js';

export const DATA_SOURCES = ['kml_upload', 'my_maps_url', 'api_endpoint'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];
export const API_AUTH_TYPES = ['none', 'bearer', 'basic', 'api_key'] as const;
export type ApiAuthType = (typeof API_AUTH_TYPES)[number];

/** What the API shows in place of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '********';

/** How a provider API's coverage_field is compared with coverage_value. */
export const COVERAGE_CONDITIONS = ['equals', 'not_equals', 'contains', 'greater_than', 'exists', 'truthy'] as const;
export type CoverageCondition = (typeof COVERAGE_CONDITIONS)[number];
/** Conditions that compare with coverage_value; the others ignore it. */
export const CONDITIONS_WITH_VALUE: ReadonlySet<string> = new Set<CoverageCondition>(['equals', 'not_equals', 'contains', 'greater_than']);

/** Provider logos: these image types (checked by content on the server), up to 2 MB. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** api_headers: header names to text values. */
export const apiHeaders = z.record(rawText(200, 'A header name'), rawText(8000, 'A header value'));
export type ApiHeaders = z.infer<typeof apiHeaders>;

/** api_fields_mapping. Field paths may be dotted ("result.covered"). */
const fieldPath = (label: string) => rawText(500, label).optional();
const mappedValue = (label: string) => z.union([rawText(2000, label), z.number(), z.boolean()]);
export const apiFieldsMapping = z.object({
  latitude_field: fieldPath('latitude_field'),
  longitude_field: fieldPath('longitude_field'),
  address_field: fieldPath('address_field'),
  static_params: z.record(rawText(200, 'A static parameter name'), mappedValue('A static parameter')).optional(),
  response_fields: z
    .object({
      coverage_field: fieldPath('coverage_field'),
      /** How coverage_field is compared with coverage_value. */
      coverage_condition: z.enum(COVERAGE_CONDITIONS).optional(),
      coverage_value: mappedValue('coverage_value').optional(),
      status_field: fieldPath('status_field'),
      services_field: fieldPath('services_field'),
      message_field: fieldPath('message_field'),
    })
    .optional(),
});
export type ApiFieldsMapping = z.infer<typeof apiFieldsMapping>;

export const provider = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  signup_url: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** What a visitor's lead confirmation says happens next; null: the default text. */
  next_steps: z.string().nullable(),
  logo_filename: z.string().nullable(),
  active: z.boolean(),
  data_source: z.enum(DATA_SOURCES),
  my_maps_url: z.string().nullable(),
  auto_sync: z.boolean(),
  sync_status: z.string().nullable(),
  last_sync: z.string().nullable(),
  sync_error_message: z.string().nullable(),
  api_endpoint_url: z.string().nullable(),
  /** JSON text of a header-name -> value object. */
  api_headers: z.string().nullable(),
  /** JSON text of ApiFieldsMapping. */
  api_fields_mapping: z.string().nullable(),
  api_auth_type: z.enum(API_AUTH_TYPES),
  /** JSON text of the auth config with every secret replaced by SECRET_MASK. */
  api_auth_config: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Provider = z.infer<typeof provider>;

export const providerName = requiredText(200, 'Provider name');

/** The longest next_steps text, in characters: a short paragraph for the visitor's confirmation e-mail. */
export const PROVIDER_NEXT_STEPS_MAX = 1000;

/** Empty text clears an optional field. */
const clearable = (schema: z.ZodType<string, string>) => schema.transform((v) => (v === '' ? null : v));

/** JSON text read into a value of `schema`; empty text is null. */
function jsonText<T extends z.ZodType>(schema: T, label: string, message: string) {
  return text(100_000, label).transform((value, ctx): z.output<T> | null => {
    if (value === '') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${message} (not valid JSON)` });
      return z.NEVER;
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) {
      ctx.addIssue({ code: 'custom', message: `${message}: ${checked.error.issues[0]?.message ?? 'invalid'}` });
      return z.NEVER;
    }
    return checked.data;
  });
}

/**
 * The provider form as POST /providers and PUT /providers/{id} receive it (multipart:
 * every value is text, booleans too). Every field is optional here: on create the
 * server applies defaults and requires a name; on update an absent field keeps its stored value.
 */
export const providerInput = z
  .object({
    name: providerName,
    description: clearable(text(2000, 'Description')),
    signup_url: clearable(httpUrlText(2000, 'Sign-up URL')),
    contact_email: clearable(emailText()),
    contact_phone: clearable(phoneText()),
    next_steps: clearable(text(PROVIDER_NEXT_STEPS_MAX, 'Next steps')),
    active: booleanField('active must be true or false'),
    data_source: z.enum(DATA_SOURCES, { error: `Data source must be one of ${DATA_SOURCES.join(', ')}` }),
    my_maps_url: clearable(httpUrlText(2000, 'My Maps URL')),
    auto_sync: booleanField('auto_sync must be true or false'),
    api_endpoint_url: clearable(httpUrlText(2000, 'API endpoint URL')),
    api_headers: jsonText(apiHeaders, 'API headers', 'API headers must be a JSON object of header names to text values'),
    api_fields_mapping: jsonText(apiFieldsMapping, 'API field mapping', 'API field mapping is not valid'),
    api_auth_type: z.enum(API_AUTH_TYPES, { error: `Auth type must be one of ${API_AUTH_TYPES.join(', ')}` }),
    /** Validated per auth type by the server (it needs the stored secrets to merge masked values). */
    api_auth_config: clearable(text(10_000, 'Auth config')),
    remove_logo: booleanField('remove_logo must be true or false'),
  })
  .partial();
export type ProviderInput = z.infer<typeof providerInput>;

/**
 * The chosen source needs its URL (My Maps or API endpoint). The one cross-field
 * rule of the provider form, used by the dialog and the server alike; null when the source is fine.
 */
export function sourceUrlProblem(values: {
  data_source: DataSource;
  my_maps_url: string | null;
  api_endpoint_url: string | null;
}): { field: 'my_maps_url' | 'api_endpoint_url'; message: string } | null {
  const required = { my_maps_url: 'My Maps URL is required', api_endpoint_url: 'API endpoint URL is required' } as const;
  const field = values.data_source === 'my_maps_url' ? 'my_maps_url' : values.data_source === 'api_endpoint' ? 'api_endpoint_url' : null;
  if (!field) return null;
  const url = values[field]?.trim() ?? '';
  if (url === '') return { field, message: required[field] };
  if (!isHttpUrl(url)) return { field, message: URL_MESSAGE };
  return null;
}

/** Whether a JSON-object text holds header names to text values; empty text is no headers. */
export function isApiHeadersText(value: string): boolean {
  return apiHeaders.safeParse(parseJsonObject(value)).success;
}

/** The {id} of the /providers/{id}/… routes. */
export const providerIdParams = z.object({ id: entityId('Provider id must be a positive whole number', 'Provider not found') });

/** GET /api/providers/logo/{filename}: a stored logo's name. */
export const logoParams = z.object({ filename: requiredText(200, 'Logo file name') });

export const providerStats = z.object({
  provider_id: z.number(),
  coverage_layers: z.number(),
  active_coverage_layers: z.number(),
  features: z.number(),
  searches: z.number(),
  leads: z.number(),
});
export type ProviderStats = z.infer<typeof providerStats>;

export const validateMyMapsUrlRequest = z.object({ my_maps_url: requiredText(2000, 'My Maps URL') });
export const validateMyMapsUrlResult = z.object({ valid: z.boolean(), map_id: z.string().nullable(), kml_url: z.string().nullable() });

/** Null or empty text is a missing value (then the default applies), not zero. */
const blankAsMissing = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** POST /api/test. The JSON-text fields are as stored on a provider. */
export const API_TEST_URL_REQUIRED = 'API endpoint URL is required for testing';
/** Where an API test asks when no point is given (Cape Town). */
export const DEFAULT_TEST_POINT = { lat: -33.9249, lng: 18.4241 } as const;

export const apiTestRequest = z.object({
  /** When testing a saved provider, its stored secrets stand in for masked values. */
  provider_id: entityId('Provider not found').optional(),
  api_endpoint_url: requiredText(2000, 'API endpoint URL', API_TEST_URL_REQUIRED),
  api_headers: rawText(100_000, 'API headers').nullable().optional(),
  api_fields_mapping: rawText(100_000, 'API field mapping').nullable().optional(),
  api_auth_type: z.enum(API_AUTH_TYPES).default('none'),
  api_auth_config: rawText(10_000, 'Auth config').nullable().optional(),
  test_lat: z.preprocess(blankAsMissing, numberField(z.number().min(-90).max(90)).default(DEFAULT_TEST_POINT.lat)),
  test_lng: z.preprocess(blankAsMissing, numberField(z.number().min(-180).max(180)).default(DEFAULT_TEST_POINT.lng)),
  test_address: text(500, 'Test address').optional(),
});
export type ApiTestRequest = z.infer<typeof apiTestRequest>;

export const apiCoverageAnswer = z.object({
  coverage_detected: z.boolean(),
  response: z.object({
    coverageDetails: z.string().nullable(),
    serviceStatus: z.string().nullable(),
    services: z.array(z.string()),
  }),
  raw_response: z.unknown(),
});
export type ApiCoverageAnswer = z.infer<typeof apiCoverageAnswer>;
