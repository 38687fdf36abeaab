import { isHttpUrl, parseJsonObject, URL_MESSAGE } from '../../../common/api/fields.js';
import type { ApiTestRequest } from '../../../common/api/providers.js';
import { API_TEST_URL_REQUIRED, isApiHeadersText } from '../../../common/api/providers.js';
import { authConfigText, fieldsMappingText, headersText } from './providerFormMapping.js';
import type { ProviderFormValues } from './providerFormSchema.js';
import { HEADERS_MESSAGE, STATIC_PARAMS_MESSAGE } from './providerFormSchema.js';

/** Why the dialog's values cannot be tested yet, or null when they can. */
export function apiTestProblem(values: ProviderFormValues): string | null {
  if (!values.api_endpoint_url.trim()) return API_TEST_URL_REQUIRED;
  if (!isHttpUrl(values.api_endpoint_url.trim())) return URL_MESSAGE;
  if (!isApiHeadersText(values.api_headers)) return HEADERS_MESSAGE;
  if (parseJsonObject(values.static_params) === null) return STATIC_PARAMS_MESSAGE;
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
