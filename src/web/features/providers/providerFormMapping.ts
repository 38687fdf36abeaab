import { parseJsonObject } from '../../../common/api/fields.js';
import type { ApiFieldsMapping, Provider } from '../../../common/api/providers.js';
import { CONDITIONS_WITH_VALUE, COVERAGE_CONDITIONS } from '../../../common/api/providers.js';
import type { ProviderFormValues } from './providerFormSchema.js';
import { EMPTY_PROVIDER_FORM } from './providerFormSchema.js';
import type { LogoChange } from './providerLogo.js';

// Between a saved provider, the dialog's values and what the server receives (the multipart body
// that common/api/providers.ts `providerInput` reads, and the JSON texts of the API settings).

function parseObject(textValue: string | null): Record<string, unknown> {
  if (!textValue) return {};
  return parseJsonObject(textValue) ?? {};
}

const str = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));

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
    next_steps: provider.next_steps ?? '',
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

/**
 * The multipart body of POST /providers and PUT /providers/{id}, as the
 * server's `providerInput` reads it. Booleans go as text; null values are skipped. A new provider
 * also skips empty text; an edit sends it, because empty text is how a saved value is cleared.
 * Source-specific fields go only for the chosen source, so switching source and back keeps what
 * was saved.
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
  put('next_steps', values.next_steps.trim());
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
