import { describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../common/api/providers.js';
import { ValidationError } from '../errors.js';
import { maskAuthConfig, mergeMaskedSecrets, parseAuthConfig } from './authConfig.js';

function validationMessage(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  }
  throw new Error('expected a ValidationError');
}

describe('parseAuthConfig', () => {
  it('reads each auth type, keeping only its own fields and trimming pasted names and keys', () => {
    expect(parseAuthConfig('none', '{"token":"ignored"}')).toEqual({});
    expect(parseAuthConfig('none', 'not json')).toEqual({});
    expect(parseAuthConfig('bearer', '{"token":" abc123\\n","extra":1}')).toEqual({ token: 'abc123' });
    expect(parseAuthConfig('basic', '{"username":"user","password":" p w "}')).toEqual({ username: 'user', password: ' p w ' });
    expect(parseAuthConfig('api_key', '{"api_key":"k1","header_name":"X-Api-Key"}')).toEqual({ api_key: 'k1', header_name: 'X-Api-Key' });
    expect(parseAuthConfig('api_key', '{"key_param":"apikey","key_value":"k2"}')).toEqual({ key_param: 'apikey', key_value: 'k2' });
  });

  it('allows basic auth with an empty password (APIs that take the key as the username)', () => {
    expect(parseAuthConfig('basic', '{"username":"sk_live_key"}')).toEqual({ username: 'sk_live_key', password: '' });
  });

  it('treats empty fields of the unused API key form as absent', () => {
    expect(parseAuthConfig('api_key', '{"api_key":"","header_name":"","key_param":"k","key_value":"v"}')).toEqual({ key_param: 'k', key_value: 'v' });
  });

  it.each([
    ['bearer', '{}', 'Bearer auth needs a token'],
    ['bearer', '{"token":"   "}', 'Bearer auth needs a token'],
    ['bearer', null, 'Bearer auth needs a token'],
    ['bearer', '{"token":123}', 'api_auth_config.token must be text'],
    ['bearer', '{"token":"a\\r\\nX-Injected: 1"}', 'The bearer token contains characters that cannot be sent in an HTTP header'],
    ['basic', '{"password":"p"}', 'Basic auth needs a username'],
    ['basic', '{"username":"a:b","password":"p"}', 'The basic auth username cannot contain ":"'],
    ['api_key', '{}', 'API key auth needs either api_key and header_name, or key_param and key_value'],
    ['api_key', '{"api_key":"k"}', 'API key auth needs a header_name'],
    ['api_key', '{"header_name":"X-Key"}', 'API key auth needs an api_key'],
    ['api_key', '{"api_key":"k","header_name":"X Key"}', '"X Key" is not a valid HTTP header name'],
    ['api_key', '{"key_param":"apikey"}', 'API key auth needs a key_value'],
    ['api_key', '{"key_value":"v"}', 'API key auth needs a key_param'],
    [
      'api_key',
      '{"api_key":"k","header_name":"X","key_param":"p","key_value":"v"}',
      'API key auth takes either api_key with header_name, or key_param with key_value, not both',
    ],
    ['bearer', '{token: abc}', 'api_auth_config is not valid JSON'],
    ['bearer', '["abc"]', 'api_auth_config must be a JSON object'],
    ['bearer', '"abc"', 'api_auth_config must be a JSON object'],
  ] as const)('refuses %s config %s: "%s"', (type, text, message) => {
    expect(validationMessage(() => parseAuthConfig(type, text))).toBe(message);
  });

  it('refuses a masked secret unless told the mask will be resolved against a stored one', () => {
    const text = JSON.stringify({ token: SECRET_MASK });
    expect(validationMessage(() => parseAuthConfig('bearer', text))).toBe('The token is masked and there is no saved value to keep: enter it again');
    expect(parseAuthConfig('bearer', text, { allowMasked: true })).toEqual({ token: SECRET_MASK });
  });
});

describe('maskAuthConfig', () => {
  it('replaces every secret with the mask and keeps the other fields', () => {
    expect(maskAuthConfig({ token: 't' })).toEqual({ token: SECRET_MASK });
    expect(maskAuthConfig({ username: 'u', password: 'p' })).toEqual({ username: 'u', password: SECRET_MASK });
    expect(maskAuthConfig({ api_key: 'k', header_name: 'X-Key' })).toEqual({ api_key: SECRET_MASK, header_name: 'X-Key' });
    expect(maskAuthConfig({ key_param: 'apikey', key_value: 'v' })).toEqual({ key_param: 'apikey', key_value: SECRET_MASK });
    expect(maskAuthConfig({})).toEqual({});
  });

  it('leaves an empty secret empty, so the form shows there is nothing stored', () => {
    expect(maskAuthConfig({ username: 'u', password: '' })).toEqual({ username: 'u', password: '' });
  });
});

describe('mergeMaskedSecrets', () => {
  it('keeps the stored secret when the masked value is saved back', () => {
    expect(mergeMaskedSecrets({ token: SECRET_MASK }, { token: 'stored' })).toEqual({ token: 'stored' });
    expect(mergeMaskedSecrets({ username: 'new-user', password: SECRET_MASK }, { username: 'old', password: 'stored' })).toEqual({
      username: 'new-user',
      password: 'stored',
    });
  });

  it('takes a newly typed secret over the stored one', () => {
    expect(mergeMaskedSecrets({ api_key: 'new', header_name: 'X-Key' }, { api_key: 'old', header_name: 'X-Key' })).toEqual({
      api_key: 'new',
      header_name: 'X-Key',
    });
  });

  it('leaves the mask in place when nothing of that field is stored, for validation to refuse', () => {
    expect(mergeMaskedSecrets({ key_param: 'p', key_value: SECRET_MASK }, { token: 'other-type' })).toEqual({ key_param: 'p', key_value: SECRET_MASK });
    expect(mergeMaskedSecrets({ token: SECRET_MASK }, null)).toEqual({ token: SECRET_MASK });
  });
});
