import { z } from 'zod';

export const DATA_SOURCES = ['kml_upload', 'my_maps_url', 'api_endpoint'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];
export const API_AUTH_TYPES = ['none', 'bearer', 'basic', 'api_key'] as const;
export type ApiAuthType = (typeof API_AUTH_TYPES)[number];

/** What the API shows in place of a stored secret; sending it back keeps the stored value. */
export const SECRET_MASK = '********';

/** api_fields_mapping (SPEC.md section 3). Field paths may be dotted ("result.covered"). */
export const apiFieldsMapping = z.object({
  latitude_field: z.string().optional(),
  longitude_field: z.string().optional(),
  address_field: z.string().optional(),
  static_params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  response_fields: z
    .object({
      coverage_field: z.string().optional(),
      /** How coverage_field is compared with coverage_value. */
      coverage_condition: z.enum(['equals', 'not_equals', 'contains', 'greater_than', 'exists', 'truthy']).optional(),
      coverage_value: z.union([z.string(), z.number(), z.boolean()]).optional(),
      status_field: z.string().optional(),
      services_field: z.string().optional(),
      message_field: z.string().optional(),
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

export const providerStats = z.object({
  provider_id: z.number(),
  coverage_layers: z.number(),
  active_coverage_layers: z.number(),
  features: z.number(),
  searches: z.number(),
  leads: z.number(),
});
export type ProviderStats = z.infer<typeof providerStats>;

export const validateMyMapsUrlRequest = z.object({ my_maps_url: z.string().min(1, 'My Maps URL is required') });
export const validateMyMapsUrlResult = z.object({ valid: z.boolean(), map_id: z.string().nullable(), kml_url: z.string().nullable() });

/** Null or empty text is a missing value (then the default applies), not zero. */
const blankAsMissing = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value);

/** POST /api/test (SPEC.md section 7). The JSON-text fields are as stored on a provider. */
export const apiTestRequest = z.object({
  /** When testing a saved provider, its stored secrets stand in for masked values. */
  provider_id: z.number().int().positive().optional(),
  api_endpoint_url: z.string({ error: 'API endpoint URL is required for testing' }).min(1, 'API endpoint URL is required for testing'),
  api_headers: z.string().nullable().optional(),
  api_fields_mapping: z.string().nullable().optional(),
  api_auth_type: z.enum(API_AUTH_TYPES).default('none'),
  api_auth_config: z.string().nullable().optional(),
  test_lat: z.preprocess(blankAsMissing, z.coerce.number().min(-90).max(90).default(-33.9249)),
  test_lng: z.preprocess(blankAsMissing, z.coerce.number().min(-180).max(180).default(18.4241)),
  test_address: z.string().optional(),
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
