import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ApiFieldsMapping, SECRET_MASK } from '../../common/api/providers.js';
import type { CoveragePoint } from '../coverage/coverageProviders.js';
import { OutboundError, UpstreamError, ValidationError } from '../errors.js';
import { createOutboundClient } from '../outbound/outboundClient.js';
import type { ProviderApiSource } from '../providers/apiSource.js';
import { normalizeServiceStatus, queryProviderApi } from './providerApi.js';

/** What the fake provider API answers next, and what it was asked. */
let answer: { status: number; body: string; contentType: string; stall?: boolean };
let requests: { url: URL; headers: http.IncomingHttpHeaders }[];
let server: http.Server;
let endpointUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push({ url: new URL(req.url ?? '/', 'http://fake.test'), headers: req.headers });
    if (answer.stall) return;
    res.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpointUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/coverage?region=za`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
  answerJson({ covered: true });
});

function answerJson(body: unknown, status = 200): void {
  answer = { status, body: JSON.stringify(body), contentType: 'application/json' };
}

const client = createOutboundClient({ allowPrivate: true, userAgent: 'coverage-map-test/1' });
const CAPE_TOWN = { lat: -33.9249, lng: 18.4241, address: '1 Main Rd, Cape Town' };

function source(overrides: Partial<ProviderApiSource> = {}): ProviderApiSource {
  return { endpointUrl, headers: {}, fieldsMapping: {}, authType: 'none', authConfig: {}, ...overrides };
}

function ask(overrides: Partial<ProviderApiSource> = {}, point: CoveragePoint = CAPE_TOWN) {
  return queryProviderApi(client, source(overrides), point, 2000);
}

function lastRequest() {
  const request = requests.at(-1);
  if (!request) throw new Error('the fake provider API was not called');
  return request;
}

async function detected(body: unknown, responseFields: NonNullable<ApiFieldsMapping['response_fields']>): Promise<boolean> {
  answerJson(body);
  return (await ask({ fieldsMapping: { response_fields: responseFields } })).coverage_detected;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
}

describe('provider API request', () => {
  it('sends the point as lat, lng and address by default, keeping the endpoint query', async () => {
    await ask();

    const { url, headers } = lastRequest();
    expect(url.pathname).toBe('/coverage');
    expect(Object.fromEntries(url.searchParams)).toEqual({ region: 'za', lat: '-33.9249', lng: '18.4241', address: '1 Main Rd, Cape Town' });
    expect(headers.accept).toBe('application/json');
    expect(headers.authorization).toBeUndefined();
  });

  it('uses the mapped parameter names and static params, with the point winning a clash', async () => {
    await ask({
      fieldsMapping: {
        latitude_field: 'latitude',
        longitude_field: 'longitude',
        address_field: 'q',
        static_params: { format: 'json', version: 2, detailed: true, latitude: 'overridden?' },
      },
    });

    expect(Object.fromEntries(lastRequest().url.searchParams)).toEqual({
      region: 'za',
      format: 'json',
      version: '2',
      detailed: 'true',
      latitude: '-33.9249',
      longitude: '18.4241',
      q: '1 Main Rd, Cape Town',
    });
  });

  it('leaves the address out when there is none', async () => {
    await ask({}, { lat: 1, lng: 2, address: null });

    expect(lastRequest().url.searchParams.has('address')).toBe(false);
  });

  it('sends the configured headers', async () => {
    await ask({ headers: { 'X-Partner': 'acme', Accept: 'application/vnd.acme+json' } });

    expect(lastRequest().headers['x-partner']).toBe('acme');
    expect(lastRequest().headers.accept).toBe('application/vnd.acme+json');
  });

  it('sends a bearer token as Authorization: Bearer', async () => {
    await ask({ authType: 'bearer', authConfig: { token: 'tok-123' } });

    expect(lastRequest().headers.authorization).toBe('Bearer tok-123');
  });

  it('sends basic credentials base64-encoded, over any Authorization in the headers', async () => {
    await ask({ headers: { Authorization: 'stale' }, authType: 'basic', authConfig: { username: 'isp', password: 'pä55' } });

    expect(lastRequest().headers.authorization).toBe(`Basic ${Buffer.from('isp:pä55').toString('base64')}`);
  });

  it('sends an API key in the named header', async () => {
    await ask({ authType: 'api_key', authConfig: { api_key: 'key-abc', header_name: 'X-Api-Key' } });

    expect(lastRequest().headers['x-api-key']).toBe('key-abc');
    expect(lastRequest().url.searchParams.has('key-abc')).toBe(false);
  });

  it('sends an API key as the named query parameter', async () => {
    await ask({ authType: 'api_key', authConfig: { key_param: 'apikey', key_value: 'key-xyz' } });

    expect(lastRequest().url.searchParams.get('apikey')).toBe('key-xyz');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('refuses a still-masked secret before calling the API', async () => {
    const error = await rejection(ask({ authType: 'bearer', authConfig: { token: SECRET_MASK } }));

    expect(error).toBeInstanceOf(ValidationError);
    expect(requests).toHaveLength(0);
  });

  it('refuses a bad endpoint URL or header before calling the API', async () => {
    expect((await rejection(ask({ endpointUrl: 'not a url' }))).message).toBe('API endpoint URL is not a valid URL');
    expect((await rejection(ask({ headers: { 'Bad Name': 'x' } }))).message).toBe('api_headers: "Bad Name" is not a valid HTTP header name');
    expect((await rejection(ask({ headers: { 'X-Ok': 'a\nb' } }))).message).toBe(
      'api_headers: the value of X-Ok contains characters that cannot be sent in an HTTP header',
    );
    expect(requests).toHaveLength(0);
  });
});

describe('provider API answer', () => {
  it('reads coverage, status, services and message through dotted paths and array indexes', async () => {
    answerJson({
      data: { coverage: { available: true }, note: 'Fibre ready' },
      results: [{ status: 'Under Construction', services: ['Fibre 100', 'Fibre 1G'] }],
    });

    const result = await ask({
      fieldsMapping: {
        response_fields: {
          coverage_field: 'data.coverage.available',
          status_field: 'results.0.status',
          services_field: 'results[0].services',
          message_field: 'data.note',
        },
      },
    });

    expect(result).toEqual({
      coverage_detected: true,
      response: { coverageDetails: 'Fibre ready', serviceStatus: 'in_progress', services: ['Fibre 100', 'Fibre 1G'] },
      raw_response: {
        data: { coverage: { available: true }, note: 'Fibre ready' },
        results: [{ status: 'Under Construction', services: ['Fibre 100', 'Fibre 1G'] }],
      },
    });
  });

  it('reads services given as comma-separated text', async () => {
    answerJson({ services: ' Fibre, LTE ,,Wireless ' });

    const result = await ask({ fieldsMapping: { response_fields: { services_field: 'services' } } });

    expect(result.response.services).toEqual(['Fibre', 'LTE', 'Wireless']);
  });

  it('answers nulls and an empty list for fields that are not mapped', async () => {
    answerJson({ covered: true, status: 'live' });

    const result = await ask({ fieldsMapping: { response_fields: { coverage_field: 'covered' } } });

    expect(result.response).toEqual({ coverageDetails: null, serviceStatus: null, services: [] });
  });

  it.each([
    [{ available: 'true' }, true],
    [{ available: 'TRUE ' }, true],
    [{ available: 1 }, true],
    [{ available: '1' }, true],
    [{ available: 'yes' }, true],
    [{ available: false }, false],
    [{ available: 0 }, false],
    [{ available: 'false' }, false],
    [{ available: '' }, false],
    [{ available: [] }, false],
    [{ available: null }, false],
    [{}, false],
  ])('truthy is the default condition without a value: %j gives %s', async (body, expected) => {
    expect(await detected(body, { coverage_field: 'available' })).toBe(expected);
  });

  it.each([
    [{ state: 'true' }, true, true],
    [{ state: true }, 'true', true],
    [{ state: '1' }, 1, true],
    [{ state: 1 }, '1', true],
    [{ state: 1 }, true, true],
    [{ state: '1.0' }, 1, true],
    [{ state: ' Covered ' }, 'covered', true],
    [{ state: 'covered' }, 'not covered', false],
    [{ state: 2 }, 1, false],
    [{ state: { nested: 1 } }, 1, false],
  ])('equals compares loosely: %j equals %j is %s', async (body, value, expected) => {
    expect(await detected(body, { coverage_field: 'state', coverage_condition: 'equals', coverage_value: value })).toBe(expected);
  });

  it('equals is the default condition when a value is given', async () => {
    expect(await detected({ state: 'FIBRE' }, { coverage_field: 'state', coverage_value: 'fibre' })).toBe(true);
    expect(await detected({ state: 'none' }, { coverage_field: 'state', coverage_value: 'fibre' })).toBe(false);
  });

  it('not_equals detects coverage when the value differs, but not when the field is missing', async () => {
    const rule = { coverage_field: 'state', coverage_condition: 'not_equals', coverage_value: 'no_coverage' } as const;
    expect(await detected({ state: 'fibre' }, rule)).toBe(true);
    expect(await detected({ state: 'NO_COVERAGE' }, rule)).toBe(false);
    expect(await detected({}, rule)).toBe(false);
  });

  it('contains looks inside text (ignoring case) and for an equal item in an array', async () => {
    const rule = { coverage_field: 'offer', coverage_condition: 'contains', coverage_value: 'fibre' } as const;
    expect(await detected({ offer: 'Home FIBRE 100' }, rule)).toBe(true);
    expect(await detected({ offer: ['lte', 'Fibre'] }, rule)).toBe(true);
    expect(await detected({ offer: ['lte', 'fibre-ish'] }, rule)).toBe(false);
    expect(await detected({ offer: 'LTE only' }, rule)).toBe(false);
    expect(await detected({ offer: 5 }, rule)).toBe(false);
  });

  it('greater_than compares numbers, including numeric text', async () => {
    const rule = { coverage_field: 'speed', coverage_condition: 'greater_than', coverage_value: 10 } as const;
    expect(await detected({ speed: 100 }, rule)).toBe(true);
    expect(await detected({ speed: '25.5' }, rule)).toBe(true);
    expect(await detected({ speed: 10 }, rule)).toBe(false);
    expect(await detected({ speed: 'fast' }, rule)).toBe(false);
    expect(await detected({ speed: null }, rule)).toBe(false);
  });

  it('reads numeric text in decimal notation only, as every number the API takes', async () => {
    const rule = { coverage_field: 'speed', coverage_condition: 'greater_than', coverage_value: 10 } as const;
    expect(await detected({ speed: '2e1' }, rule)).toBe(true);
    expect(await detected({ speed: '0x20' }, rule)).toBe(false);
    expect(await detected({ speed: 'Infinity' }, rule)).toBe(false);
    expect(await detected({ plan: '0x10' }, { coverage_field: 'plan', coverage_value: 16 })).toBe(false);
    expect(await detected({ plan: '16.0' }, { coverage_field: 'plan', coverage_value: 16 })).toBe(true);
  });

  it('exists detects any present, non-null value', async () => {
    const rule = { coverage_field: 'result.plan', coverage_condition: 'exists' } as const;
    expect(await detected({ result: { plan: false } }, rule)).toBe(true);
    expect(await detected({ result: { plan: '' } }, rule)).toBe(true);
    expect(await detected({ result: { plan: null } }, rule)).toBe(false);
    expect(await detected({ result: {} }, rule)).toBe(false);
  });

  it('without a coverage field, detects coverage from a known status other than unknown', async () => {
    const rule = { status_field: 'status' };
    expect(await detected({ status: 'Coming-Soon' }, rule)).toBe(true);
    expect(await detected({ status: 'maybe' }, rule)).toBe(false);
    expect(await detected({}, rule)).toBe(false);
    expect(await detected({ status: 'live' }, {})).toBe(false);
  });

  it('refuses a condition that needs a value without one, before calling the API', async () => {
    const error = await rejection(ask({ fieldsMapping: { response_fields: { coverage_field: 'x', coverage_condition: 'contains' } } }));

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toBe('coverage_condition "contains" needs a coverage_value');
    expect(requests).toHaveLength(0);
  });

  it('refuses greater_than with a value that is not a number', async () => {
    const error = await rejection(
      ask({ fieldsMapping: { response_fields: { coverage_field: 'x', coverage_condition: 'greater_than', coverage_value: 'ten' } } }),
    );

    expect(error.message).toBe('coverage_condition "greater_than" needs a number as coverage_value');
  });

  it('refuses a mapping of the wrong shape, as stored JSON may be', async () => {
    const mapping = { response_fields: { coverage_condition: 'sometimes' } } as unknown as ApiFieldsMapping;

    const error = await rejection(ask({ fieldsMapping: mapping }));

    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toMatch(/^api_fields_mapping\.response_fields\.coverage_condition: /);
  });

  it('fails with UpstreamError when the answer is not JSON', async () => {
    answer = { status: 200, body: '<html>Welcome</html>', contentType: 'text/html' };

    const error = await rejection(ask());

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.message).toBe('The provider API did not answer with JSON');
  });

  it('fails with UpstreamError naming the status and the API reason on an error status', async () => {
    answerJson({ message: 'Invalid API key' }, 401);
    const withReason = await rejection(ask());
    answer = { status: 503, body: 'Service Unavailable', contentType: 'text/plain' };
    const withoutReason = await rejection(ask());

    expect(withReason).toBeInstanceOf(UpstreamError);
    expect(withReason.message).toBe('The provider API answered with HTTP 401: Invalid API key');
    expect(withoutReason.message).toBe('The provider API answered with HTTP 503');
  });

  it('fails with a timeout when the API does not answer in time', async () => {
    answer = { status: 200, body: '', contentType: 'application/json', stall: true };

    const error = await rejection(queryProviderApi(client, source(), CAPE_TOWN, 200));

    expect(error).toBeInstanceOf(OutboundError);
    expect(error.message).toBe('The request to 127.0.0.1 timed out after 0.2 s');
  });
});

describe('normalizeServiceStatus', () => {
  it.each([
    ['live', 'live'],
    ['Active', 'live'],
    ['AVAILABLE', 'live'],
    ['connected', 'live'],
    ['yes', 'live'],
    ['Live Service', 'live'],
    ['in_progress', 'in_progress'],
    ['In Progress', 'in_progress'],
    ['in-progress', 'in_progress'],
    ['installing', 'in_progress'],
    ['Under Construction', 'in_progress'],
    ['building', 'in_progress'],
    ['coming_soon', 'coming_soon'],
    ['Coming Soon', 'coming_soon'],
    ['planned', 'coming_soon'],
    ['future', 'coming_soon'],
    [' soon ', 'coming_soon'],
    ['unknown', 'unknown'],
    ['retired', 'unknown'],
    ['', 'unknown'],
  ])('reads %j as %s', (value, expected) => {
    expect(normalizeServiceStatus(value)).toBe(expected);
  });

  it('reads anything but text as unknown', () => {
    for (const value of [true, 1, null, undefined, ['live'], { status: 'live' }]) {
      expect(normalizeServiceStatus(value)).toBe('unknown');
    }
  });
});
