import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { emailText, httpUrlText, parseJsonObject, phoneText, text } from '../../../common/api/fields.js';
import {
  API_AUTH_TYPES,
  COVERAGE_CONDITIONS,
  DATA_SOURCES,
  isApiHeadersText,
  PROVIDER_NEXT_STEPS_MAX,
  providerName,
  sourceUrlProblem,
} from '../../../common/api/providers.js';

export const HEADERS_MESSAGE = 'Headers must be a JSON object of names to text values, e.g. {"X-Client": "coverage-map"}';
export const STATIC_PARAMS_MESSAGE = 'Static parameters must be a JSON object, e.g. {"format": "json"}';

const plain = z.string();

/**
 * The add/edit dialog's values. Every text is a string, as the
 * inputs hold it. The fields the server checks use the same rules (common/api); the source's own
 * fields are checked only for the chosen source.
 */
export const providerForm = z
  .object({
    name: providerName,
    description: text(2000, 'Description'),
    signup_url: httpUrlText(),
    contact_email: emailText(),
    contact_phone: phoneText(),
    /** What the visitor's confirmation e-mail says happens next (the server's default when empty). */
    next_steps: text(PROVIDER_NEXT_STEPS_MAX, 'What happens next'),
    active: z.boolean(),
    data_source: z.enum(DATA_SOURCES),
    my_maps_url: plain.trim(),
    auto_sync: z.boolean(),
    api_endpoint_url: plain.trim(),
    api_headers: plain,
    api_auth_type: z.enum(API_AUTH_TYPES),
    auth_token: plain,
    auth_username: plain,
    auth_password: plain,
    /** api_key auth sends the key either in a header or as a query parameter. */
    api_key_location: z.enum(['header', 'query']),
    auth_header_name: plain.trim(),
    auth_api_key: plain,
    auth_key_param: plain.trim(),
    auth_key_value: plain,
    latitude_field: plain.trim(),
    longitude_field: plain.trim(),
    address_field: plain.trim(),
    static_params: plain,
    coverage_field: plain.trim(),
    coverage_condition: z.union([z.enum(COVERAGE_CONDITIONS), z.literal('')]),
    coverage_value: plain,
    status_field: plain.trim(),
    services_field: plain.trim(),
    message_field: plain.trim(),
  })
  .superRefine((values, ctx) => {
    const require = (path: keyof typeof values, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const source = sourceUrlProblem(values);
    if (source) require(source.field, false, source.message);
    if (values.data_source !== 'api_endpoint') return;
    require('api_headers', isApiHeadersText(values.api_headers), HEADERS_MESSAGE);
    require('static_params', parseJsonObject(values.static_params) !== null, STATIC_PARAMS_MESSAGE);
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
  next_steps: '',
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
