import { type ApiAuthType, SECRET_MASK } from '../../common/api/providers.js';
import { ValidationError } from '../errors.js';

/** api_auth_config per api_auth_type. */
export type BearerAuthConfig = { token: string };
export type BasicAuthConfig = { username: string; password: string };
export type HeaderKeyAuthConfig = { api_key: string; header_name: string };
export type QueryKeyAuthConfig = { key_param: string; key_value: string };
export type NoAuthConfig = Record<string, never>;
export type AuthConfig = BearerAuthConfig | BasicAuthConfig | HeaderKeyAuthConfig | QueryKeyAuthConfig | NoAuthConfig;

/** The fields that hold a secret: sealed at rest and masked in every answer. */
export const SECRET_FIELDS = ['token', 'password', 'api_key', 'key_value'] as const;

/** RFC 9110 token characters: what a header name may be made of. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Characters Node refuses in a header value (controls other than tab, and anything above U+00FF). */
const NOT_HEADER_SAFE = /[\x00-\x08\x0a-\x1f\x7f\u0100-\uffff]/;

/**
 * Reads and validates api_auth_config JSON text for an auth type, keeping only that type's fields.
 * A secret equal to SECRET_MASK is refused unless `allowMasked` (an edit that keeps a stored secret,
 * resolved afterwards by mergeMaskedSecrets).
 */
export function parseAuthConfig(type: ApiAuthType, jsonText: string | null | undefined, options: { allowMasked?: boolean } = {}): AuthConfig {
  if (type === 'none') return {};
  const fields = parseObject(jsonText);
  const config = readConfig(type, fields);
  if (!options.allowMasked) refuseMaskedSecrets(config);
  return config;
}

/** A copy with every non-empty secret replaced by SECRET_MASK, safe to return from the API. */
export function maskAuthConfig(config: AuthConfig): Record<string, string> {
  const masked: Record<string, string> = { ...config };
  for (const field of SECRET_FIELDS) {
    if (masked[field]) masked[field] = SECRET_MASK;
  }
  return masked;
}

/**
 * Saving the masked value keeps the stored secret: each secret of `incoming` equal to SECRET_MASK
 * takes the stored value of the same field. With no stored value the mask stays, for
 * parseAuthConfig (without allowMasked) to refuse.
 */
export function mergeMaskedSecrets(incoming: AuthConfig, stored: AuthConfig | null | undefined): AuthConfig {
  const merged: Record<string, string> = { ...incoming };
  const saved: Record<string, string> = { ...stored };
  for (const field of SECRET_FIELDS) {
    const keep = saved[field];
    if (merged[field] === SECRET_MASK && keep !== undefined) merged[field] = keep;
  }
  return merged as AuthConfig;
}

function parseObject(jsonText: string | null | undefined): Record<string, unknown> {
  if (jsonText === null || jsonText === undefined || jsonText.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(jsonText);
  } catch {
    throw new ValidationError('api_auth_config is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('api_auth_config must be a JSON object');
  }
  return value as Record<string, unknown>;
}

function readConfig(type: Exclude<ApiAuthType, 'none'>, fields: Record<string, unknown>): AuthConfig {
  switch (type) {
    case 'bearer': {
      const token = text(fields, 'token').trim();
      if (!token) throw new ValidationError('Bearer auth needs a token');
      headerSafe(token, 'The bearer token');
      return { token };
    }
    case 'basic': {
      const username = text(fields, 'username').trim();
      if (!username) throw new ValidationError('Basic auth needs a username');
      // RFC 7617: the colon separates user-id from password, so a user-id cannot hold one.
      if (username.includes(':')) throw new ValidationError('The basic auth username cannot contain ":"');
      // An empty password is allowed: some APIs take the key as the username and no password.
      return { username, password: text(fields, 'password') };
    }
    case 'api_key':
      return readApiKeyConfig(fields);
  }
}

function readApiKeyConfig(fields: Record<string, unknown>): HeaderKeyAuthConfig | QueryKeyAuthConfig {
  const apiKey = text(fields, 'api_key').trim();
  const headerName = text(fields, 'header_name').trim();
  const keyParam = text(fields, 'key_param').trim();
  const keyValue = text(fields, 'key_value').trim();
  const inHeader = Boolean(apiKey || headerName);
  const inQuery = Boolean(keyParam || keyValue);
  if (inHeader && inQuery) {
    throw new ValidationError('API key auth takes either api_key with header_name, or key_param with key_value, not both');
  }
  if (inHeader) {
    if (!apiKey) throw new ValidationError('API key auth needs an api_key');
    if (!headerName) throw new ValidationError('API key auth needs a header_name');
    if (!isValidHeaderName(headerName)) throw new ValidationError(`"${headerName}" is not a valid HTTP header name`);
    headerSafe(apiKey, 'The API key');
    return { api_key: apiKey, header_name: headerName };
  }
  if (inQuery) {
    if (!keyParam) throw new ValidationError('API key auth needs a key_param');
    if (!keyValue) throw new ValidationError('API key auth needs a key_value');
    return { key_param: keyParam, key_value: keyValue };
  }
  throw new ValidationError('API key auth needs either api_key and header_name, or key_param and key_value');
}

/** A field's text; absent or null reads as empty, any other non-string is refused. */
function text(fields: Record<string, unknown>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new ValidationError(`api_auth_config.${name} must be text`);
  return value;
}

/** Whether a header name is an RFC 9110 token, as Node requires before sending it. */
export function isValidHeaderName(name: string): boolean {
  return HEADER_NAME.test(name);
}

/** Whether Node will send this header value (no line breaks or other control characters). */
export function isHeaderSafe(value: string): boolean {
  return !NOT_HEADER_SAFE.test(value);
}

function headerSafe(value: string, label: string): void {
  if (!isHeaderSafe(value)) throw new ValidationError(`${label} contains characters that cannot be sent in an HTTP header`);
}

function refuseMaskedSecrets(config: AuthConfig): void {
  const fields: Record<string, string> = { ...config };
  for (const field of SECRET_FIELDS) {
    if (fields[field] === SECRET_MASK) {
      throw new ValidationError(`The ${field} is masked and there is no saved value to keep: enter it again`);
    }
  }
}
