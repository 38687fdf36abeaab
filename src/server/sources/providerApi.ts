import { parseDecimal } from '../../common/api/fields.js';
import { type ApiAuthType, type ApiCoverageAnswer, type ApiFieldsMapping, apiFieldsMapping } from '../../common/api/providers.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import type { CoveragePoint } from '../coverage/coverageProviders.js';
import { UpstreamError, ValidationError } from '../errors.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import type { ProviderApiSource } from '../providers/apiSource.js';
import {
  type AuthConfig,
  type BasicAuthConfig,
  type BearerAuthConfig,
  type HeaderKeyAuthConfig,
  type QueryKeyAuthConfig,
  isHeaderSafe,
  isValidHeaderName,
  parseAuthConfig,
} from '../providers/authConfig.js';

/** A provider's coverage API answers one point with a small JSON document: 1 MB is plenty. */
const MAX_RESPONSE_BYTES = 1024 * 1024;

type ResponseFields = NonNullable<ApiFieldsMapping['response_fields']>;
type CoverageCondition = NonNullable<ResponseFields['coverage_condition']>;
type ScalarValue = string | number | boolean;

/**
 * Asks a provider's API whether it covers a point, and reads the answer through the provider's
 * field mapping. Used by POST /api/test and, live, by coverage checks. Throws ValidationError for a
 * bad configuration (before any request), OutboundError when the API cannot be reached, and
 * UpstreamError when it answers with an error status or not with JSON.
 */
export async function queryProviderApi(client: OutboundClient, source: ProviderApiSource, point: CoveragePoint, timeoutMs: number): Promise<ApiCoverageAnswer> {
  const mapping = checkedMapping(source.fieldsMapping);
  const fields = mapping.response_fields ?? {};
  const coverageRule = coverageRuleOf(fields);
  const url = requestUrl(source.endpointUrl, mapping, point);
  const headers = { accept: 'application/json', ...checkedHeaders(source.headers) };
  applyAuth(url, headers, source.authType, source.authConfig);

  const response = await client.request(url.href, { method: 'GET', headers, timeoutMs, maxBytes: MAX_RESPONSE_BYTES });
  const body = parseJson(response.body);
  if (response.status < 200 || response.status >= 300) {
    const detail = errorDetail(body);
    throw new UpstreamError(`The provider API answered with HTTP ${response.status}${detail ? `: ${detail}` : ''}`);
  }
  if (body === undefined) throw new UpstreamError('The provider API did not answer with JSON');

  const serviceStatus = mapped(fields.status_field) ? normalizeServiceStatus(readPath(body, fields.status_field)) : null;
  const coverageDetected = mapped(fields.coverage_field)
    ? meetsCondition(readPath(body, fields.coverage_field), coverageRule)
    : serviceStatus !== null && serviceStatus !== 'unknown';
  return {
    coverage_detected: coverageDetected,
    response: {
      coverageDetails: mapped(fields.message_field) ? readMessage(readPath(body, fields.message_field)) : null,
      serviceStatus,
      services: mapped(fields.services_field) ? readServices(readPath(body, fields.services_field)) : [],
    },
    raw_response: body,
  };
}

const STATUS_WORDS: Record<Exclude<ServiceStatus, 'unknown'>, readonly string[]> = {
  live: ['live', 'live_service', 'active', 'available', 'connected', 'yes'],
  in_progress: ['in_progress', 'installing', 'under_construction', 'building'],
  coming_soon: ['coming_soon', 'planned', 'future', 'soon'],
};

/** A provider's own status word as a ServiceStatus; case, spaces and hyphens do not matter. */
export function normalizeServiceStatus(value: unknown): ServiceStatus {
  if (typeof value !== 'string') return 'unknown';
  const word = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  for (const [status, words] of Object.entries(STATUS_WORDS)) {
    if (words.includes(word)) return status as ServiceStatus;
  }
  return 'unknown';
}

/** The mapping as stored is JSON text parsed elsewhere; check its shape before trusting it. */
function checkedMapping(mapping: unknown): ApiFieldsMapping {
  const parsed = apiFieldsMapping.safeParse(mapping ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
    throw new ValidationError(`api_fields_mapping${where}: ${issue?.message ?? 'is not valid'}`);
  }
  return parsed.data;
}

function checkedHeaders(headers: unknown): Record<string, string> {
  if (headers === null || headers === undefined) return {};
  if (typeof headers !== 'object' || Array.isArray(headers)) throw new ValidationError('api_headers must be a JSON object of header names to values');
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!isValidHeaderName(name)) throw new ValidationError(`api_headers: "${name}" is not a valid HTTP header name`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ValidationError(`api_headers: the value of ${name} must be text`);
    }
    if (!isHeaderSafe(String(value))) throw new ValidationError(`api_headers: the value of ${name} contains characters that cannot be sent in an HTTP header`);
    checked[name] = String(value);
  }
  return checked;
}

function coverageRuleOf(fields: ResponseFields): { condition: CoverageCondition; value: ScalarValue | undefined } {
  // An empty value from a form field means "no value", not "equals the empty string".
  const value = fields.coverage_value === '' ? undefined : fields.coverage_value;
  const condition = fields.coverage_condition ?? (value === undefined ? 'truthy' : 'equals');
  const needsValue = condition === 'equals' || condition === 'not_equals' || condition === 'contains' || condition === 'greater_than';
  if (mapped(fields.coverage_field) && needsValue && value === undefined) {
    throw new ValidationError(`coverage_condition "${condition}" needs a coverage_value`);
  }
  if (mapped(fields.coverage_field) && condition === 'greater_than' && !Number.isFinite(toNumber(value))) {
    throw new ValidationError('coverage_condition "greater_than" needs a number as coverage_value');
  }
  return { condition, value };
}

function requestUrl(endpointUrl: string, mapping: ApiFieldsMapping, point: CoveragePoint): URL {
  let url: URL;
  try {
    url = new URL(endpointUrl.trim());
  } catch {
    throw new ValidationError('API endpoint URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ValidationError('API endpoint URL must start with http:// or https://');
  for (const [name, value] of Object.entries(mapping.static_params ?? {})) url.searchParams.set(name, String(value));
  // Set after the static parameters so the point asked about always wins a name clash.
  url.searchParams.set(fieldName(mapping.latitude_field, 'lat'), String(point.lat));
  url.searchParams.set(fieldName(mapping.longitude_field, 'lng'), String(point.lng));
  const address = point.address?.trim();
  if (address) url.searchParams.set(fieldName(mapping.address_field, 'address'), address);
  return url;
}

/** Adds the credentials: a header for bearer, basic and header API keys, a query parameter otherwise. */
function applyAuth(url: URL, headers: Record<string, string>, type: ApiAuthType, config: AuthConfig): void {
  // Re-validated here because the config may come straight from storage.
  const auth: Partial<BearerAuthConfig & BasicAuthConfig & HeaderKeyAuthConfig & QueryKeyAuthConfig> = parseAuthConfig(type, JSON.stringify(config));
  if (type === 'bearer' && auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (type === 'basic' && auth.username) {
    headers.authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password ?? ''}`, 'utf8').toString('base64')}`;
  }
  if (type === 'api_key' && auth.header_name && auth.api_key) headers[auth.header_name] = auth.api_key;
  if (type === 'api_key' && auth.key_param && auth.key_value) url.searchParams.set(auth.key_param, auth.key_value);
}

/** The parsed body, or undefined when it is not JSON. */
function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
}

/** A short reason from an error body ({message} or {error} text), to show the admin. */
function errorDetail(body: unknown): string | null {
  if (body === null || typeof body !== 'object') return null;
  const { message, error } = body as Record<string, unknown>;
  const detail = typeof message === 'string' ? message : typeof error === 'string' ? error : null;
  return detail ? detail.slice(0, 200) : null;
}

function mapped(path: string | undefined): path is string {
  return path !== undefined && path.trim() !== '';
}

function fieldName(name: string | undefined, fallback: string): string {
  return name?.trim() || fallback;
}

/** The value at a dotted path: "data.coverage.available", "results.0.status" or "results[0].status". */
function readPath(root: unknown, path: string): unknown {
  const segments = path
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((s) => s !== '');
  let current = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A field absent from the answer never counts as coverage, whatever the condition. */
function meetsCondition(actual: unknown, rule: { condition: CoverageCondition; value: ScalarValue | undefined }): boolean {
  if (actual === undefined) return false;
  const { condition, value } = rule;
  switch (condition) {
    case 'equals':
      return looseEquals(actual, value);
    case 'not_equals':
      return !looseEquals(actual, value);
    case 'contains':
      if (typeof actual === 'string') return actual.toLowerCase().includes(String(value).toLowerCase());
      return Array.isArray(actual) && actual.some((item) => looseEquals(item, value));
    case 'greater_than':
      return toNumber(actual) > toNumber(value);
    case 'exists':
      return actual !== null;
    case 'truthy':
      return isTruthy(actual);
  }
}

/**
 * Equality as an admin means it: 'true' equals true, '1' equals 1 (and true), '1.0' equals 1,
 * and text compares without regard to case or surrounding spaces.
 */
function looseEquals(actual: unknown, expected: unknown): boolean {
  const a = comparable(actual);
  const b = comparable(expected);
  if (a === undefined || b === undefined) return false;
  if (typeof a === typeof b) return a === b;
  if (typeof a === 'boolean' && typeof b === 'number') return Number(a) === b;
  if (typeof a === 'number' && typeof b === 'boolean') return a === Number(b);
  return false;
}

function comparable(value: unknown): ScalarValue | undefined {
  if (typeof value === 'boolean' || typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (text === 'true') return true;
  if (text === 'false') return false;
  const number = toNumber(text);
  return Number.isFinite(number) ? number : text;
}

/** A number or decimal text (parseDecimal) as a number; anything else NaN (so every comparison is false). */
function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDecimal(value);
  return Number.NaN;
}

const FALSE_WORDS = new Set(['', 'false', '0', 'no', 'none', 'null']);

function isTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return !FALSE_WORDS.has(value.trim().toLowerCase());
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
}

/** Services as a list of names: a JSON array, or comma-separated text. */
function readServices(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items
    .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
    .map((item) => String(item).trim())
    .filter((item) => item !== '');
}

function readMessage(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
