import type { Control } from 'react-hook-form';
import { z } from 'zod';
import type { ApiAuthType, ApiFieldsMapping, ApiTestRequest, DataSource, Provider } from '../../../common/api/providers.js';
import { API_AUTH_TYPES, DATA_SOURCES } from '../../../common/api/providers.js';

/** The conditions the server's API adapter understands for coverage_field (common/api/providers.ts). */
export const COVERAGE_CONDITIONS = ['equals', 'not_equals', 'contains', 'greater_than', 'exists', 'truthy'] as const;
export type CoverageCondition = (typeof COVERAGE_CONDITIONS)[number];

export const COVERAGE_CONDITION_LABELS: Record<CoverageCondition, string> = {
  equals: 'Equals',
  not_equals: 'Does not equal',
  contains: 'Contains',
  greater_than: 'Greater than',
  exists: 'Exists',
  truthy: 'Is true / non-empty',
};

/** Conditions that compare with coverage_value; the others ignore it. */
export const CONDITIONS_WITH_VALUE: ReadonlySet<string> = new Set(['equals', 'not_equals', 'contains', 'greater_than']);

export const DATA_SOURCE_LABELS: Record<DataSource, string> = {
  kml_upload: 'KML Upload',
  my_maps_url: 'Google My Maps',
  api_endpoint: 'API Endpoint',
};

export const AUTH_TYPE_LABELS: Record<ApiAuthType, string> = {
  none: 'None',
  bearer: 'Bearer token',
  basic: 'Basic (username and password)',
  api_key: 'API key',
};

/** SPEC.md section 5: testing needs the URL. */
export const API_TEST_URL_REQUIRED = 'API endpoint URL is required for testing';

/** SPEC.md section 7: default coordinates of an API test (Cape Town). */
export const DEFAULT_TEST_LAT = -33.9249;
export const DEFAULT_TEST_LNG = 18.4241;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+\-\s()]+$/;

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A JSON object text, or null when the text is not one. Empty text is an empty object. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const text = z.string();

/**
 * The add/edit dialog's values (SPEC.md section 5, "Provider form"). Every text is a string, as the
 * inputs hold it; the source's own fields are checked only for the chosen source.
 */
export const providerForm = z
  .object({
    name: text.trim().min(1, 'Provider name is required').max(200, 'Provider name must be at most 200 characters'),
    description: text,
    signup_url: text.trim().refine((v) => v === '' || isHttpUrl(v), 'Please enter a valid URL starting with http:// or https://'),
    contact_email: text.trim().refine((v) => v === '' || EMAIL.test(v), 'Please enter a valid email address'),
    contact_phone: text.trim().refine((v) => v === '' || PHONE.test(v), 'Please enter a valid phone number'),
    active: z.boolean(),
    data_source: z.enum(DATA_SOURCES),
    my_maps_url: text.trim(),
    auto_sync: z.boolean(),
    api_endpoint_url: text.trim(),
    api_headers: text,
    api_auth_type: z.enum(API_AUTH_TYPES),
    auth_token: text,
    auth_username: text,
    auth_password: text,
    /** api_key auth sends the key either in a header or as a query parameter (SPEC.md section 3). */
    api_key_location: z.enum(['header', 'query']),
    auth_header_name: text.trim(),
    auth_api_key: text,
    auth_key_param: text.trim(),
    auth_key_value: text,
    latitude_field: text.trim(),
    longitude_field: text.trim(),
    address_field: text.trim(),
    static_params: text,
    coverage_field: text.trim(),
    coverage_condition: z.union([z.enum(COVERAGE_CONDITIONS), z.literal('')]),
    coverage_value: text,
    status_field: text.trim(),
    services_field: text.trim(),
    message_field: text.trim(),
  })
  .superRefine((values, ctx) => {
    const require = (path: keyof typeof values, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (values.data_source === 'my_maps_url') {
      require('my_maps_url', values.my_maps_url !== '', 'My Maps URL is required');
      if (values.my_maps_url !== '') {
        require('my_maps_url', isHttpUrl(values.my_maps_url), 'Please enter a valid URL starting with http:// or https://');
      }
    }
    if (values.data_source !== 'api_endpoint') return;
    require('api_endpoint_url', values.api_endpoint_url !== '', 'API endpoint URL is required');
    if (values.api_endpoint_url !== '') {
      require('api_endpoint_url', isHttpUrl(values.api_endpoint_url), 'Please enter a valid URL starting with http:// or https://');
    }
    const headers = parseJsonObject(values.api_headers);
    require(
      'api_headers',
      headers !== null && Object.values(headers).every((v) => typeof v === 'string'),
      'Headers must be a JSON object of names to text values, e.g. {"X-Client": "coverage-map"}',
    );
    require('static_params', parseJsonObject(values.static_params) !== null, 'Static parameters must be a JSON object, e.g. {"format": "json"}');
    switch (values.api_auth_type) {
      case 'bearer':
        require('auth_token', values.auth_token !== '', 'Token is required');
        break;
      case 'basic':
        require('auth_username', values.auth_username !== '', 'Username is required');
        require('auth_password', values.auth_password !== '', 'Password is required');
        break;
      case 'api_key':
        if (values.api_key_location === 'header') {
          require('auth_header_name', values.auth_header_name !== '', 'Header name is required');
          require('auth_api_key', values.auth_api_key !== '', 'API key is required');
        } else {
          require('auth_key_param', values.auth_key_param !== '', 'Parameter name is required');
          require('auth_key_value', values.auth_key_value !== '', 'Key value is required');
        }
        break;
      case 'none':
        break;
    }
  });

export type ProviderFormValues = z.input<typeof providerForm>;
export type ProviderFormOutput = z.output<typeof providerForm>;
/** The dialog's react-hook-form control, for the field groups split out of it. */
export type ProviderFormControl = Control<ProviderFormValues, unknown, ProviderFormOutput>;

export const EMPTY_PROVIDER_FORM: ProviderFormValues = {
  name: '',
  description: '',
  signup_url: '',
  contact_email: '',
  contact_phone: '',
  active: true,
  data_source: 'kml_upload',
  my_maps_url: '',
  auto_sync: false,
  api_endpoint_url: '',
  api_headers: '',
  api_auth_type: 'none',
  auth_token: '',
  auth_username: '',
  auth_password: '',
  api_key_location: 'header',
  auth_header_name: '',
  auth_api_key: '',
  auth_key_param: '',
  auth_key_value: '',
  latitude_field: '',
  longitude_field: '',
  address_field: '',
  static_params: '',
  coverage_field: '',
  coverage_condition: '',
  coverage_value: '',
  status_field: '',
  services_field: '',
  message_field: '',
};

function parseObject(textValue: string | null): Record<string, unknown> {
  if (!textValue) return {};
  return parseJsonObject(textValue) ?? {};
}

const str = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);

/** Pretty JSON of a stored JSON-object text, or '' when there is none (or it is empty). */
function prettyJson(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && Object.keys(value).length === 0) return '';
  return JSON.stringify(value, null, 2);
}

/** The dialog's starting values for a saved provider. Secrets arrive masked and are sent back masked. */
export function providerToForm(provider: Provider): ProviderFormValues {
  const auth = parseObject(provider.api_auth_config);
  const mapping = parseObject(provider.api_fields_mapping) as ApiFieldsMapping;
  const response = mapping.response_fields ?? {};
  const condition = response.coverage_condition;
  return {
    ...EMPTY_PROVIDER_FORM,
    name: provider.name,
    description: provider.description ?? '',
    signup_url: provider.signup_url ?? '',
    contact_email: provider.contact_email ?? '',
    contact_phone: provider.contact_phone ?? '',
    active: provider.active,
    data_source: provider.data_source,
    my_maps_url: provider.my_maps_url ?? '',
    auto_sync: provider.auto_sync,
    api_endpoint_url: provider.api_endpoint_url ?? '',
    api_headers: prettyJson(parseObject(provider.api_headers)),
    api_auth_type: provider.api_auth_type,
    auth_token: str(auth.token),
    auth_username: str(auth.username),
    auth_password: str(auth.password),
    api_key_location: 'key_param' in auth || 'key_value' in auth ? 'query' : 'header',
    auth_header_name: str(auth.header_name),
    auth_api_key: str(auth.api_key),
    auth_key_param: str(auth.key_param),
    auth_key_value: str(auth.key_value),
    latitude_field: str(mapping.latitude_field),
    longitude_field: str(mapping.longitude_field),
    address_field: str(mapping.address_field),
    static_params: prettyJson(mapping.static_params),
    coverage_field: str(response.coverage_field),
    coverage_condition: condition && (COVERAGE_CONDITIONS as readonly string[]).includes(condition) ? condition : '',
    coverage_value: str(response.coverage_value),
    status_field: str(response.status_field),
    services_field: str(response.services_field),
    message_field: str(response.message_field),
  };
}

/** api_auth_config as JSON text for the chosen auth type, or null for none. */
export function authConfigText(values: ProviderFormValues): string | null {
  switch (values.api_auth_type) {
    case 'bearer':
      return JSON.stringify({ token: values.auth_token });
    case 'basic':
      return JSON.stringify({ username: values.auth_username.trim(), password: values.auth_password });
    case 'api_key':
      return values.api_key_location === 'header'
        ? JSON.stringify({ api_key: values.auth_api_key, header_name: values.auth_header_name.trim() })
        : JSON.stringify({ key_param: values.auth_key_param.trim(), key_value: values.auth_key_value });
    case 'none':
      return null;
  }
}

/** api_fields_mapping as JSON text, with only the fields filled in; null when nothing is. */
export function fieldsMappingText(values: ProviderFormValues): string | null {
  const mapping: ApiFieldsMapping = {};
  const set = <K extends 'latitude_field' | 'longitude_field' | 'address_field'>(key: K) => {
    const value = values[key].trim();
    if (value) mapping[key] = value;
  };
  set('latitude_field');
  set('longitude_field');
  set('address_field');
  const staticParams = parseJsonObject(values.static_params);
  if (staticParams && Object.keys(staticParams).length > 0) {
    mapping.static_params = staticParams as NonNullable<ApiFieldsMapping['static_params']>;
  }
  const response: NonNullable<ApiFieldsMapping['response_fields']> = {};
  for (const key of ['coverage_field', 'status_field', 'services_field', 'message_field'] as const) {
    const value = values[key].trim();
    if (value) response[key] = value;
  }
  if (values.coverage_condition) response.coverage_condition = values.coverage_condition;
  if (values.coverage_condition && CONDITIONS_WITH_VALUE.has(values.coverage_condition) && values.coverage_value !== '') {
    response.coverage_value = values.coverage_value;
  }
  if (Object.keys(response).length > 0) mapping.response_fields = response;
  return Object.keys(mapping).length > 0 ? JSON.stringify(mapping) : null;
}

/** Compact JSON of the headers text, or null when there are none. */
export function headersText(values: ProviderFormValues): string | null {
  const headers = parseJsonObject(values.api_headers);
  return headers && Object.keys(headers).length > 0 ? JSON.stringify(headers) : null;
}

export interface LogoChange {
  /** A new logo to upload. */
  file: File | null;
  /** Delete the saved logo (ignored when a new file is given). */
  remove: boolean;
}

/**
 * The multipart body of POST /providers and PUT /providers/{id} (SPEC.md section 7). Booleans go
 * as text; null values are skipped. A new provider also skips empty text; an edit sends it, because
 * empty text is how a saved value is cleared. Source-specific fields go only for the chosen source,
 * so switching source and back keeps what was saved.
 */
export function providerFormData(values: ProviderFormValues, logo: LogoChange, editing: boolean): FormData {
  const form = new FormData();
  const put = (name: string, value: string | null) => {
    if (value === null) return;
    if (value === '' && !editing) return;
    form.append(name, value);
  };
  put('name', values.name.trim());
  put('description', values.description.trim());
  put('signup_url', values.signup_url.trim());
  put('contact_email', values.contact_email.trim());
  put('contact_phone', values.contact_phone.trim());
  put('active', String(values.active));
  put('data_source', values.data_source);
  if (values.data_source === 'my_maps_url') {
    put('my_maps_url', values.my_maps_url.trim());
    put('auto_sync', String(values.auto_sync));
  }
  if (values.data_source === 'api_endpoint') {
    put('api_endpoint_url', values.api_endpoint_url.trim());
    put('api_headers', headersText(values) ?? (editing ? '' : null));
    put('api_fields_mapping', fieldsMappingText(values) ?? (editing ? '' : null));
    put('api_auth_type', values.api_auth_type);
    put('api_auth_config', authConfigText(values));
  }
  if (logo.file) form.append('logo', logo.file, logo.file.name);
  else if (logo.remove && editing) form.append('remove_logo', 'true');
  return form;
}

/** Why the dialog's values cannot be tested yet, or null when they can. */
export function apiTestProblem(values: ProviderFormValues): string | null {
  if (!values.api_endpoint_url.trim()) return API_TEST_URL_REQUIRED;
  if (!isHttpUrl(values.api_endpoint_url.trim())) return 'Please enter a valid URL starting with http:// or https://';
  if (parseJsonObject(values.api_headers) === null) return 'Headers must be a JSON object of names to text values, e.g. {"X-Client": "coverage-map"}';
  if (parseJsonObject(values.static_params) === null) return 'Static parameters must be a JSON object, e.g. {"format": "json"}';
  return null;
}

export interface ApiTestPoint {
  lat: number;
  lng: number;
  address: string;
}

/** The body of POST /test for the dialog's current values; provider_id lets masked secrets stand. */
export function apiTestRequestOf(values: ProviderFormValues, point: ApiTestPoint, providerId?: number): ApiTestRequest {
  return {
    ...(providerId === undefined ? {} : { provider_id: providerId }),
    api_endpoint_url: values.api_endpoint_url.trim(),
    api_headers: headersText(values),
    api_fields_mapping: fieldsMappingText(values),
    api_auth_type: values.api_auth_type,
    api_auth_config: authConfigText(values),
    test_lat: point.lat,
    test_lng: point.lng,
    ...(point.address.trim() ? { test_address: point.address.trim() } : {}),
  };
}

/** Logo files the server accepts (checked there by content too). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Why a chosen logo cannot be used, or null when it can. */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'The logo must be a PNG, JPEG, WebP or GIF image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be at most 2 MB.';
  if (file.size === 0) return 'The logo file is empty.';
  return null;
}

export function providerLogoUrl(filename: string): string {
  return `/api/providers/logo/${encodeURIComponent(filename)}`;
}
