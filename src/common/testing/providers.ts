import type { Provider } from '../api/providers.js';

/** A provider as GET /providers returns it, for tests: a plain KML-upload provider unless `overrides` say otherwise. */
export function savedProvider(overrides: Partial<Provider> = {}): Provider {
  return {
    id: 7,
    name: 'Acme Fibre',
    description: null,
    signup_url: null,
    contact_email: null,
    contact_phone: null,
    next_steps: null,
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
