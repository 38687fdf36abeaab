import { describe, expect, it } from 'vitest';
import { providerForm } from './providerFormSchema.js';
import type { ProviderFormValues } from './providerFormSchema.js';
import { form } from './testing/providerTestData.js';

const messages = (values: ProviderFormValues) => {
  const result = providerForm.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

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

  it('keeps "What happens next" to 1,000 characters', () => {
    expect(messages(form({ name: 'A', next_steps: 'x'.repeat(1000) }))).toEqual([]);
    expect(messages(form({ name: 'A', next_steps: 'x'.repeat(1001) }))).toEqual(['What happens next must be at most 1000 characters']);
  });

  it('asks for the credentials of the chosen auth type', () => {
    const api = { name: 'A', data_source: 'api_endpoint' as const, api_endpoint_url: 'https://api.test/c' };
    expect(messages(form({ ...api, api_auth_type: 'bearer' }))).toEqual(['Token is required']);
    expect(messages(form({ ...api, api_auth_type: 'api_key', api_key_location: 'query' }))).toEqual(['Parameter name is required', 'Key value is required']);
    expect(messages(form({ ...api, api_headers: '[1]' }))[0]).toMatch(/^Headers must be a JSON object/);
  });

  it('checks only the URL of the chosen source', () => {
    expect(messages(form({ name: 'A', data_source: 'my_maps_url', my_maps_url: 'maps', api_endpoint_url: 'nope' }))).toEqual([
      'Please enter a valid URL starting with http:// or https://',
    ]);
    expect(messages(form({ name: 'A', data_source: 'kml_upload', my_maps_url: 'nope', api_endpoint_url: 'nope' }))).toEqual([]);
  });
});
