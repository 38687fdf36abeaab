import { describe, expect, it } from 'vitest';
import { API_TEST_URL_REQUIRED } from '../../../common/api/providers.js';
import { apiTestProblem, apiTestRequestOf } from './apiTestRequest.js';
import { providerToForm } from './providerFormMapping.js';
import { form, savedProvider } from './testing/providerTestData.js';

describe('apiTestRequestOf', () => {
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

describe('apiTestProblem', () => {
  it('needs an http(s) URL and JSON-object headers and parameters before testing', () => {
    const api = { name: 'A', data_source: 'api_endpoint' as const, api_endpoint_url: 'https://api.test/c' };
    expect(apiTestProblem(form({ ...api, api_endpoint_url: ' ' }))).toBe(API_TEST_URL_REQUIRED);
    expect(apiTestProblem(form({ ...api, api_endpoint_url: 'ftp://api.test' }))).toBe('Please enter a valid URL starting with http:// or https://');
    expect(apiTestProblem(form({ ...api, api_headers: '[1]' }))).toMatch(/^Headers must be a JSON object/);
    expect(apiTestProblem(form({ ...api, static_params: 'format=json' }))).toMatch(/^Static parameters must be a JSON object/);
    expect(apiTestProblem(form(api))).toBeNull();
  });
});
