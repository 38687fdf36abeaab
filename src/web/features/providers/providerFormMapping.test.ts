import { describe, expect, it } from 'vitest';
import { providerInput, SECRET_MASK } from '../../../common/api/providers.js';
import { authConfigText, fieldsMappingText, providerFormData, providerToForm } from './providerFormMapping.js';
import { providerForm } from './providerFormSchema.js';
import type { ProviderFormValues } from './providerFormSchema.js';
import { fields, form, savedProvider } from './testing/providerTestData.js';

describe('providerFormData', () => {
  it('sends booleans as text and skips empty values of a new provider', () => {
    const data = providerFormData(form({ name: ' Acme ', contact_email: 'a@b.co' }), { file: null, remove: false }, false);
    expect(fields(data)).toEqual({ name: 'Acme', contact_email: 'a@b.co', active: 'true', data_source: 'kml_upload' });
  });

  it('sends empty text on edit so a cleared field is cleared, and remove_logo when asked', () => {
    const data = providerFormData(form({ name: 'Acme' }), { file: null, remove: true }, true);
    expect(fields(data)).toMatchObject({ description: '', contact_phone: '', remove_logo: 'true' });
  });

  it('sends "What happens next" trimmed, and an emptied one on edit so the default text applies again', () => {
    const steps = ' We call you within two working days. ';
    expect(fields(providerFormData(form({ name: 'A', next_steps: steps }), { file: null, remove: false }, false)).next_steps).toBe(
      'We call you within two working days.',
    );
    expect(fields(providerFormData(form({ name: 'A', next_steps: '' }), { file: null, remove: false }, true)).next_steps).toBe('');
    expect(providerInput.parse(fields(providerFormData(form({ name: 'A', next_steps: steps }), { file: null, remove: false }, false))).next_steps).toBe(
      'We call you within two working days.',
    );
  });

  it('sends only the chosen source fields', () => {
    const myMaps = fields(
      providerFormData(
        form({ name: 'A', data_source: 'my_maps_url', my_maps_url: 'https://m/?mid=1', api_endpoint_url: 'https://x' }),
        { file: null, remove: false },
        false,
      ),
    );
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
});

/**
 * The contract between the dialog and the server: what providerFormData sends for a dialog the
 * form accepts is read by the server's providerInput (common/api/providers.ts) as the same values.
 */
describe('providerFormData read by the server (providerInput)', () => {
  const received = (values: ProviderFormValues, editing: boolean, remove = false) => {
    expect(providerForm.safeParse(values).success).toBe(true);
    return providerInput.parse(fields(providerFormData(values, { file: null, remove }, editing)));
  };

  it('reads a new provider with its contact details, trimmed, and booleans as booleans', () => {
    const values = form({
      name: ' Acme Fibre ',
      description: ' Fibre to the home ',
      signup_url: 'https://acme.example/join',
      contact_email: 'sales@acme.example',
      contact_phone: '+27 (21) 555-0100',
      active: false,
    });
    expect(received(values, false)).toEqual({
      name: 'Acme Fibre',
      description: 'Fibre to the home',
      signup_url: 'https://acme.example/join',
      contact_email: 'sales@acme.example',
      contact_phone: '+27 (21) 555-0100',
      active: false,
      data_source: 'kml_upload',
    });
  });

  it('reads the cleared fields of an edit as null, and the logo removal', () => {
    expect(received(form({ name: 'Acme' }), true, true)).toEqual({
      name: 'Acme',
      description: null,
      signup_url: null,
      contact_email: null,
      contact_phone: null,
      next_steps: null,
      active: true,
      data_source: 'kml_upload',
      remove_logo: true,
    });
  });

  it('reads a My Maps source with its URL and auto-sync', () => {
    const values = form({ name: 'Maps', data_source: 'my_maps_url', my_maps_url: ' https://www.google.com/maps/d/viewer?mid=abc ', auto_sync: true });
    expect(received(values, false)).toEqual({
      name: 'Maps',
      active: true,
      data_source: 'my_maps_url',
      my_maps_url: 'https://www.google.com/maps/d/viewer?mid=abc',
      auto_sync: true,
    });
  });

  it('reads an API source: headers and field mapping as objects, the auth config as text', () => {
    const values = form({
      name: 'Api',
      data_source: 'api_endpoint',
      api_endpoint_url: 'https://api.test/coverage',
      api_headers: '{\n  "X-Client": "map"\n}',
      api_auth_type: 'bearer',
      auth_token: 'secret-token',
      latitude_field: 'y',
      longitude_field: 'x',
      static_params: '{"format": "json", "v": 2}',
      coverage_field: 'result.covered',
      coverage_condition: 'greater_than',
      coverage_value: '0',
      status_field: 'status',
    });
    expect(received(values, false)).toEqual({
      name: 'Api',
      active: true,
      data_source: 'api_endpoint',
      api_endpoint_url: 'https://api.test/coverage',
      api_headers: { 'X-Client': 'map' },
      api_fields_mapping: {
        latitude_field: 'y',
        longitude_field: 'x',
        static_params: { format: 'json', v: 2 },
        response_fields: { coverage_field: 'result.covered', coverage_condition: 'greater_than', coverage_value: '0', status_field: 'status' },
      },
      api_auth_type: 'bearer',
      api_auth_config: JSON.stringify({ token: 'secret-token' }),
    });
  });

  it('reads an edited API provider: masked secrets kept as sent, emptied headers and mapping cleared', () => {
    const saved = savedProvider({
      data_source: 'api_endpoint',
      api_endpoint_url: 'https://api.test/c',
      api_headers: JSON.stringify({ 'X-Client': 'map' }),
      api_auth_type: 'basic',
      api_auth_config: JSON.stringify({ username: 'me', password: SECRET_MASK }),
      api_fields_mapping: JSON.stringify({ latitude_field: 'y' }),
    });
    const values = { ...providerToForm(saved), api_headers: '', latitude_field: '' };
    expect(received(values, true)).toMatchObject({
      name: 'Acme Fibre',
      description: null,
      api_endpoint_url: 'https://api.test/c',
      api_headers: null,
      api_fields_mapping: null,
      api_auth_type: 'basic',
      api_auth_config: JSON.stringify({ username: 'me', password: SECRET_MASK }),
    });
  });
});
