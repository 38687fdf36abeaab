import { describe, expect, it } from 'vitest';
import type { Provider } from '../../../common/api/providers.js';
import { SECRET_MASK } from '../../../common/api/providers.js';
import {
  apiTestRequestOf,
  authConfigText,
  EMPTY_PROVIDER_FORM,
  fieldsMappingText,
  logoProblem,
  providerForm,
  providerFormData,
  providerToForm,
} from './providerForm.js';
import type { ProviderFormValues } from './providerForm.js';

const form = (overrides: Partial<ProviderFormValues>): ProviderFormValues => ({ ...EMPTY_PROVIDER_FORM, ...overrides });

function fields(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  data.forEach((value, key) => {
    if (typeof value === 'string') out[key] = value;
  });
  return out;
}

const messages = (values: ProviderFormValues) => {
  const result = providerForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

function savedProvider(overrides: Partial<Provider>): Provider {
  return {
    id: 7,
    name: 'Acme Fibre',
    description: null,
    signup_url: null,
    contact_email: null,
    contact_phone: null,
    logo_filename: null,
    active: true,
    data_source: 'kml_upload',
    my_maps_url: null,
    auto_sync: false,
    sync_status: null,
    last_sync: null,
    sync_error_message: null,
    api_endpoint_url: null,
    api_headers: null,
    api_fields_mapping: null,
    api_auth_type: 'none',
    api_auth_config: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('provider form rules', () => {
  it('requires a name, and the URL of the chosen source', () => {
    expect(messages(form({ name: ' ' }))).toEqual(['Provider name is required']);
    expect(messages(form({ name: 'A', data_source: 'my_maps_url' }))).toEqual(['My Maps URL is required']);
    expect(messages(form({ name: 'A', data_source: 'api_endpoint' }))).toEqual(['API endpoint URL is required']);
  });

  it('checks email, phone and URL formats only when given', () => {
    expect(messages(form({ name: 'A' }))).toEqual([]);
    expect(messages(form({ name: 'A', contact_email: 'nope', contact_phone: 'call me', signup_url: 'ftp://x' }))).toEqual([
      'Please enter a valid URL starting with http:// or https://',
      'Please enter a valid email address',
      'Please enter a valid phone number',
    ]);
  });

  it('asks for the credentials of the chosen auth type', () => {
    const api = { name: 'A', data_source: 'api_endpoint' as const, api_endpoint_url: 'https://api.test/c' };
    expect(messages(form({ ...api, api_auth_type: 'bearer' }))).toEqual(['Token is required']);
    expect(messages(form({ ...api, api_auth_type: 'api_key', api_key_location: 'query' }))).toEqual([
      'Parameter name is required',
      'Key value is required',
    ]);
    expect(messages(form({ ...api, api_headers: '[1]' }))[0]).toMatch(/^Headers must be a JSON object/);
  });
});

describe('providerFormData', () => {
  it('sends booleans as text and skips empty values of a new provider', () => {
    const data = providerFormData(form({ name: ' Acme ', contact_email: 'a@b.co' }), { file: null, remove: false }, false);
    expect(fields(data)).toEqual({ name: 'Acme', contact_email: 'a@b.co', active: 'true', data_source: 'kml_upload' });
  });

  it('sends empty text on edit so a cleared field is cleared, and remove_logo when asked', () => {
    const data = providerFormData(form({ name: 'Acme' }), { file: null, remove: true }, true);
    expect(fields(data)).toMatchObject({ description: '', contact_phone: '', remove_logo: 'true' });
  });

  it('sends only the chosen source fields', () => {
    const myMaps = fields(providerFormData(form({ name: 'A', data_source: 'my_maps_url', my_maps_url: 'https://m/?mid=1', api_endpoint_url: 'https://x' }), { file: null, remove: false }, false));
    expect(myMaps).toMatchObject({ my_maps_url: 'https://m/?mid=1', auto_sync: 'false' });
    expect(myMaps).not.toHaveProperty('api_endpoint_url');
  });

  it('builds auth config and field mapping JSON for an API source', () => {
    const values = form({
      name: 'A',
      data_source: 'api_endpoint',
      api_endpoint_url: 'https://api.test/c',
      api_headers: '{"X-Client": "map"}',
      api_auth_type: 'api_key',
      auth_header_name: 'X-Key',
      auth_api_key: 'k',
      latitude_field: 'y',
      static_params: '{"format": "json"}',
      coverage_field: 'result.covered',
      coverage_condition: 'equals',
      coverage_value: 'yes',
      services_field: 'services',
    });
    const sent = fields(providerFormData(values, { file: null, remove: false }, false));
    expect(sent.api_headers).toBe('{"X-Client":"map"}');
    expect(JSON.parse(String(sent.api_auth_config))).toEqual({ api_key: 'k', header_name: 'X-Key' });
    expect(JSON.parse(String(sent.api_fields_mapping))).toEqual({
      latitude_field: 'y',
      static_params: { format: 'json' },
      response_fields: { coverage_field: 'result.covered', coverage_condition: 'equals', coverage_value: 'yes', services_field: 'services' },
    });
  });

  it('attaches a chosen logo file', () => {
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const data = providerFormData(form({ name: 'A' }), { file: logo, remove: true }, true);
    expect(data.get('logo')).toBeInstanceOf(File);
    expect(data.has('remove_logo')).toBe(false);
  });
});

describe('providerToForm', () => {
  it('round-trips a saved API provider, keeping masked secrets masked', () => {
    const provider = savedProvider({
      data_source: 'api_endpoint',
      api_endpoint_url: 'https://api.test/c',
      api_auth_type: 'api_key',
      api_auth_config: JSON.stringify({ key_param: 'key', key_value: SECRET_MASK }),
      api_fields_mapping: JSON.stringify({ response_fields: { coverage_field: 'ok', coverage_condition: 'truthy' } }),
    });
    const values = providerToForm(provider);
    expect(values.api_key_location).toBe('query');
    expect(values.auth_key_value).toBe(SECRET_MASK);
    expect(authConfigText(values)).toBe(JSON.stringify({ key_param: 'key', key_value: SECRET_MASK }));
    expect(JSON.parse(String(fieldsMappingText(values)))).toEqual({ response_fields: { coverage_field: 'ok', coverage_condition: 'truthy' } });
  });

  it('builds an API test request with the default point and the saved provider id', () => {
    const values = providerToForm(savedProvider({ data_source: 'api_endpoint', api_endpoint_url: 'https://api.test/c' }));
    expect(apiTestRequestOf(values, { lat: -33.9249, lng: 18.4241, address: '' }, 7)).toEqual({
      provider_id: 7,
      api_endpoint_url: 'https://api.test/c',
      api_headers: null,
      api_fields_mapping: null,
      api_auth_type: 'none',
      api_auth_config: null,
      test_lat: -33.9249,
      test_lng: 18.4241,
    });
  });
});

describe('logoProblem', () => {
  it('accepts a small PNG and refuses other types and files over 2 MB', () => {
    expect(logoProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
    expect(logoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('The logo must be at most 2 MB.');
  });
});
