import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.js';
import { type LocalServer, startLocalServer } from './support/localServer.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

/** Nominatim's answer shape: lat and lon are text. */
const ZZYZX = [{ place_id: 1, display_name: 'Zzyzx Road, Karoo, South Africa', lat: '-31.5', lon: '23.25', type: 'road' }];

/** A stand-in for Nominatim's /search: answers by the q parameter. */
function fakeNominatim(): Promise<LocalServer> {
  return startLocalServer((req, res) => {
    const q = new URL(req.url ?? '', 'http://x').searchParams.get('q') ?? '';
    res.setHeader('content-type', 'application/json');
    if (q.toLowerCase().includes('zzyzx')) return void res.end(JSON.stringify(ZZYZX));
    if (q.includes('broken')) {
      res.statusCode = 500;
      return void res.end('{"error":"down"}');
    }
    if (q.includes('garbage')) return void res.end('<html>not json</html>');
    if (q.includes('notation'))
      return void res.end(
        JSON.stringify([
          { ...ZZYZX[0], display_name: 'Hex Road', lat: '0x1f', lon: '23.25' },
          { ...ZZYZX[0], display_name: 'Exponent Road', lat: '-3.15e1', lon: '2.325E1' },
        ]),
      );
    if (q.includes('slow')) return void setTimeout(() => res.end('[]'), 9000);
    res.end('[]');
  });
}

const HEADER = 'label,lat,lng\n';

describe.each(databaseKinds())('address search and geocoding on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let nominatim: LocalServer;
  let clock: ManualClock;

  beforeEach(async () => {
    nominatim = await fakeNominatim();
    clock = new ManualClock();
    app = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: `${nominatim.url}/search`, GEOCODER_MIN_INTERVAL_MS: '0' },
      deps: { clock },
    });
    token = await signIn(app);
  });
  afterEach(async () => {
    await app.close();
    await nominatim.close();
  });

  const search = async (q: string) => {
    const response = await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { label: string; lat: number; lng: number }[];
  };
  const importCsv = (csv: string, headers: Record<string, string> = bearer(token)) =>
    app.server.inject({ method: 'POST', url: '/api/addresses/import', payload: csv, headers: { 'content-type': 'text/csv', ...headers } });

  it('finds built-in places of the country by the start of their name or of a word, ignoring case and accents', async () => {
    const roodepoort = await search('Roodep');
    expect(roodepoort[0]).toEqual({ label: 'Roodepoort, South Africa', lat: expect.closeTo(-26.16, 1), lng: expect.closeTo(27.87, 1) });
    expect((await search('DANIELSK')).map((s) => s.label)).toEqual(['Daniëlskuil, South Africa']);
    expect((await search('reinet')).map((s) => s.label)).toEqual(['Graaff-Reinet, South Africa']);
    expect((await search('saint john')).map((s) => s.label)).toEqual(['Port Saint John’s, South Africa']);
    expect(nominatim.requests).toHaveLength(0);
  });

  it('gives at most 5 suggestions, name prefixes by population', async () => {
    const ports = await search('port');
    expect(ports).toHaveLength(5);
    expect(ports[0]!.label).toBe('Port Elizabeth, South Africa');
    expect(ports.every((s) => s.label.startsWith('Port '))).toBe(true);
  });

  it('answers an empty list below 2 characters, and 400 above 200', async () => {
    expect(await search('')).toEqual([]);
    expect(await search(' p ')).toEqual([]);
    expect((await app.server.inject({ method: 'GET', url: '/api/search_addresses' })).json()).toEqual({ success: true, data: [] });
    const long = await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q: 'x'.repeat(201) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, message: 'q must be at most 200 characters' });
    expect(nominatim.requests).toHaveLength(0);
  });

  it('does not treat SQL wildcards as matching everything', async () => {
    expect((await importCsv(`${HEADER}Somewhere,-30,25\n`)).statusCode).toBe(200);
    expect(await search('%%')).toEqual([]);
    expect(await search('__')).toEqual([]);
  });

  it('puts imported addresses before built-in places, matching a later word too', async () => {
    const imported = await importCsv(`${HEADER}"Roodepoort Mall, 12 Main Road",-26.1,27.9\n"Café Nöord, Roodepoort",-26.2,27.8\n`);
    expect(imported.json().data.imported_count).toBe(2);
    expect((await search('roodep')).map((s) => s.label)).toEqual(['Roodepoort Mall, 12 Main Road', 'Café Nöord, Roodepoort', 'Roodepoort, South Africa']);
    expect(await search('main ro')).toEqual([{ label: 'Roodepoort Mall, 12 Main Road', lat: -26.1, lng: 27.9 }]);
    expect((await search('cafe noo')).map((s) => s.label)).toEqual(['Café Nöord, Roodepoort']);
  });

  it('asks the upstream geocoder only when nothing local matches, with the usage-policy parameters and headers', async () => {
    await search('Hermanus');
    expect(nominatim.requests).toHaveLength(0);

    expect(await search('  Zzyzx Road ')).toEqual([{ label: 'Zzyzx Road, Karoo, South Africa', lat: -31.5, lng: 23.25 }]);
    expect(nominatim.requests).toHaveLength(1);
    const sent = nominatim.requests[0]!;
    const url = new URL(sent.url, 'http://x');
    expect(url.pathname).toBe('/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ format: 'json', q: 'Zzyzx Road', countrycodes: 'za', limit: '5' });
    expect(sent.headers['user-agent']).toBe('isp-coverage-map/1.0 (+admin contact)');
    expect(sent.headers['accept-language']).toBe('en');
  });

  it('keeps only upstream places whose coordinates are decimal text', async () => {
    expect(await search('notation road')).toEqual([{ label: 'Exponent Road', lat: -31.5, lng: 23.25 }]);
  });

  it('caches upstream answers for 24 hours', async () => {
    await search('zzyzx road');
    await search('ZZYZX  Road');
    expect(nominatim.requests).toHaveLength(1);
    clock.advance(24 * 60 * 60 * 1000);
    await search('zzyzx road');
    expect(nominatim.requests).toHaveLength(2);
  });

  it('answers success with no suggestions when the upstream fails, and asks it again next time', async () => {
    expect(await search('broken street')).toEqual([]);
    expect(await search('broken street')).toEqual([]);
    expect(await search('garbage lane')).toEqual([]);
    expect(nominatim.requests).toHaveLength(3);
  });

  it('geocodes to the best match, 404 when nothing matches, 400 without an address', async () => {
    const found = await app.server.inject({ method: 'GET', url: '/api/geocode', query: { address: 'hermanus' } });
    expect(found.json()).toEqual({ success: true, data: { label: 'Hermanus, South Africa', lat: expect.closeTo(-34.42, 1), lng: expect.closeTo(19.23, 1) } });

    const upstream = await app.server.inject({ method: 'GET', url: '/api/geocode', query: { address: 'Zzyzx Road' } });
    expect(upstream.json().data.label).toBe('Zzyzx Road, Karoo, South Africa');

    const missing = await app.server.inject({ method: 'GET', url: '/api/geocode', query: { address: 'Nowhere In Particular' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Could not find the specified address' });

    for (const url of ['/api/geocode', '/api/geocode?address=', '/api/geocode?address=%20%20']) {
      const bad = await app.server.inject({ method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().message, url).toBe('address is required');
    }
  });

  it('imports a quoted CSV file sent as multipart, reporting bad rows by line', async () => {
    const csv = [
      'label,lat,lng',
      '"12 Main Rd, Hermanus",-34.4187,19.2345',
      '"The ""Old"" Mill",-33.9,18.4',
      'Nowhere,95,18.4',
      'Comma, not quoted,-33.9,18.4',
      ',-33.9,18.4',
    ].join('\r\n');
    const { payload, headers } = multipartBody({}, { field: 'file', filename: 'addresses.csv', contentType: 'text/csv', bytes: Buffer.from(`\uFEFF${csv}`) });
    const response = await app.server.inject({ method: 'POST', url: '/api/addresses/import', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: 'Imported 2 addresses',
      data: {
        imported_count: 2,
        error_count: 3,
        errors: [
          { line: 4, message: 'Latitude must be between -90 and 90' },
          { line: 5, message: 'Expected 3 fields, found 4; put a label that contains commas in double quotes' },
          { line: 6, message: 'Label is required' },
        ],
      },
    });
    expect(await search('12 main')).toEqual([{ label: '12 Main Rd, Hermanus', lat: -34.4187, lng: 19.2345 }]);
    expect((await search('old mill'))[0]!.label).toBe('The "Old" Mill');
  });

  it('refuses a CSV without the header row, a missing file, and other bodies', async () => {
    const noHeader = await importCsv('Home,-33.9,18.4\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json()).toEqual({ success: false, message: 'The CSV needs a header row: label,lat,lng' });

    const { payload, headers } = multipartBody({ note: 'no file' });
    const noFile = await app.server.inject({ method: 'POST', url: '/api/addresses/import', payload, headers: { ...headers, ...bearer(token) } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose a CSV file to import (form field "file")');

    const json = await app.server.inject({ method: 'POST', url: '/api/addresses/import', payload: { label: 'x' }, headers: bearer(token) });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the CSV as a multipart file field "file" or as a text/csv body');
  });

  it('refuses a CSV file over 5 MB', async () => {
    const big = Buffer.from(`${HEADER}${'a,1,1\n'.repeat(900_000)}`);
    const { payload, headers } = multipartBody({}, { field: 'file', filename: 'big.csv', contentType: 'text/csv', bytes: big });
    const response = await app.server.inject({ method: 'POST', url: '/api/addresses/import', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The CSV file must be at most 5 MB');
  });

  it('requires an admin token to import, count and clear', async () => {
    expect((await importCsv(`${HEADER}Home,-33.9,18.4\n`, {})).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'GET', url: '/api/addresses/count' })).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'DELETE', url: '/api/addresses' })).statusCode).toBe(401);
    expect(await search('home')).toEqual([]);
  });

  it('counts and clears imported addresses', async () => {
    const count = async () => (await app.server.inject({ method: 'GET', url: '/api/addresses/count', headers: bearer(token) })).json();
    expect(await count()).toEqual({ success: true, data: { count: 0 } });
    expect((await importCsv(`${HEADER}Home,-33.9,18.4\n`)).json().message).toBe('Imported 1 address');
    await importCsv(`${HEADER}Office,-33.8,18.5\nDepot,-33.7,18.6\n`);
    expect(await count()).toEqual({ success: true, data: { count: 3 } });

    const cleared = await app.server.inject({ method: 'DELETE', url: '/api/addresses', headers: bearer(token) });
    expect(cleared.json()).toEqual({ success: true, message: 'Removed 3 addresses' });
    expect(await count()).toEqual({ success: true, data: { count: 0 } });
    expect(await search('office')).toEqual([]);
  });

  it('imports many rows in one request', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => `Erf ${i},${-30 - i / 10_000},${25 + i / 10_000}`);
    const response = await importCsv(`${HEADER}${rows.join('\n')}`);
    expect(response.json().data).toEqual({ imported_count: 2000, error_count: 0, errors: [] });
    expect(await search('erf 1999')).toEqual([{ label: 'Erf 1999', lat: -30.1999, lng: 25.1999 }]);
  });
});

describe('upstream geocoder limits', () => {
  let app: TestApp | undefined;
  let nominatim: LocalServer | undefined;
  afterEach(async () => {
    await app?.close();
    await nominatim?.close();
  });

  it('skips the upstream when GEOCODER_URL is none', async () => {
    nominatim = await fakeNominatim();
    app = await createTestApp('sqlite', { env: { GEOCODER_URL: 'none' } });
    const response = await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q: 'Zzyzx Road' } });
    expect(response.json()).toEqual({ success: true, data: [] });
    expect((await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q: 'Hermanus' } })).json().data).toHaveLength(1);
  });

  it('answers success with no suggestions when the upstream is unreachable', async () => {
    nominatim = await fakeNominatim();
    const closedUrl = `${nominatim.url}/search`;
    await nominatim.close();
    nominatim = undefined;
    app = await createTestApp('sqlite', { env: { ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: closedUrl } });
    const response = await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q: 'Zzyzx Road' } });
    expect(response.json()).toEqual({ success: true, data: [] });
  });

  it('gives up on a slow upstream after 8 seconds and still answers', async () => {
    nominatim = await fakeNominatim();
    app = await createTestApp('sqlite', { env: { ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: `${nominatim.url}/search` } });
    const started = Date.now();
    const response = await app.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q: 'slow road' } });
    expect(response.json()).toEqual({ success: true, data: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(7900);
    expect(Date.now() - started).toBeLessThan(8900);
  }, 15_000);

  it('spaces requests to the upstream by GEOCODER_MIN_INTERVAL_MS', async () => {
    nominatim = await fakeNominatim();
    const arrivals: number[] = [];
    const server = nominatim;
    app = await createTestApp('sqlite', { env: { ALLOW_PRIVATE_FETCH: 'true', GEOCODER_URL: `${server.url}/search`, GEOCODER_MIN_INTERVAL_MS: '400' } });
    const inject = (q: string) => app!.server.inject({ method: 'GET', url: '/api/search_addresses', query: { q } }).then(() => arrivals.push(Date.now()));
    const started = Date.now();
    await Promise.all([inject('first unknown'), inject('second unknown')]);
    expect(server.requests).toHaveLength(2);
    expect(Math.max(...arrivals) - started).toBeGreaterThanOrEqual(390);
  });

  it('rejects a bad geocoder configuration by name', () => {
    expect(() => loadConfig({ GEOCODER_COUNTRY: 'zaf' })).toThrow('GEOCODER_COUNTRY: must be a two-letter country code such as za');
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://x' })).toThrow('GEOCODER_URL: must be an http(s) URL or none');
    expect(loadConfig({ GEOCODER_COUNTRY: 'NA', GEOCODER_URL: 'none' }).geocoder).toMatchObject({ country: 'na', url: null });
  });
});
