import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fibreKml, PNG_1X1 } from './support/kml.js';
import { type LocalServer, startLocalServer } from './support/localServer.js';
import { multipartBody } from './support/multipart.js';
import { bearer, createTestApp, databaseKinds, ManualClock, signIn, type TestApp } from './support/testApp.js';

const MAP_ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz';
const MY_MAPS_URL = `https://www.google.com/maps/d/viewer?mid=${MAP_ID}&ll=-33.9,18.4&z=10`;

describe.each(databaseKinds())('providers on %s', (kind) => {
  let app: TestApp;
  let token: string;
  let fake: LocalServer;
  let clock: ManualClock;
  /** What the fake My Maps export answers; tests change it. */
  let myMapsAnswer: { status: number; body: string };

  beforeEach(async () => {
    myMapsAnswer = { status: 200, body: fibreKml() };
    fake = await startLocalServer((req, res) => {
      if (req.url?.startsWith('/maps/kml')) {
        res.statusCode = myMapsAnswer.status;
        res.end(myMapsAnswer.body);
        return;
      }
      if (req.url?.startsWith('/coverage-api')) {
        const url = new URL(req.url, 'http://x');
        const authorised = req.headers.authorization === 'Bearer tok-123' || url.searchParams.get('key') === 'k-9';
        res.setHeader('content-type', 'application/json');
        if (!authorised) {
          res.statusCode = 403;
          res.end(JSON.stringify({ error: 'forbidden' }));
          return;
        }
        const covered = Number(url.searchParams.get('latitude')) < -33;
        res.end(JSON.stringify({ result: { covered, state: covered ? 'Active' : 'none', products: ['Fibre 100'], note: 'from api' } }));
        return;
      }
      res.statusCode = 404;
      res.end();
    });
    clock = new ManualClock();
    app = await createTestApp(kind, {
      env: { ALLOW_PRIVATE_FETCH: 'true', MY_MAPS_KML_URL: `${fake.url}/maps/kml?mid={mapId}` },
      deps: { clock },
    });
    token = await signIn(app);
  });
  afterEach(async () => {
    await app.close();
    await fake.close();
  });

  function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, logo?: { bytes: Buffer; filename?: string }) {
    const { payload, headers } = multipartBody(
      fields,
      logo && { field: 'logo', filename: logo.filename ?? 'logo.png', contentType: 'image/png', bytes: logo.bytes },
    );
    return app.server.inject({ method, url, payload, headers: { ...headers, ...bearer(token) } });
  }
  const get = (url: string) => app.server.inject({ method: 'GET', url, headers: bearer(token) });

  const apiFields = {
    data_source: 'api_endpoint',
    api_endpoint_url: '', // set per test from the fake server
    api_auth_type: 'bearer',
    api_auth_config: JSON.stringify({ token: 'tok-123' }),
    api_fields_mapping: JSON.stringify({
      latitude_field: 'latitude',
      longitude_field: 'longitude',
      response_fields: {
        coverage_field: 'result.covered',
        coverage_condition: 'equals',
        coverage_value: true,
        status_field: 'result.state',
        services_field: 'result.products',
        message_field: 'result.note',
      },
    }),
  };

  it('creates a provider with a logo, lists it, and serves the logo by content type with nosniff', async () => {
    const created = await send(
      'POST',
      '/api/providers',
      { name: 'FibreCo', contact_email: 'sales@fibre.example', contact_phone: '+27 (21) 555-0100', signup_url: 'https://fibre.example/join', active: 'true' },
      { bytes: PNG_1X1 },
    );
    expect(created.statusCode, created.body).toBe(200);
    const provider = created.json().data;
    expect(created.json().message).toBe('Provider created successfully!');
    expect(provider).toMatchObject({
      name: 'FibreCo',
      active: true,
      data_source: 'kml_upload',
      api_auth_type: 'none',
      api_auth_config: null,
      auto_sync: false,
    });
    expect(provider.logo_filename).toMatch(/^[0-9a-f-]{36}\.png$/);

    const list = (await get('/api/providers')).json().data;
    expect(list.map((p: { name: string }) => p.name)).toEqual(['FibreCo']);

    const logo = await app.server.inject({ method: 'GET', url: `/api/providers/logo/${provider.logo_filename}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG_1X1)).toBe(true);
    const etag = `"${createHash('sha256').update(PNG_1X1).digest('hex')}"`;
    expect(logo.headers.etag).toBe(etag);
    const revalidated = await app.server.inject({ method: 'GET', url: `/api/providers/logo/${provider.logo_filename}`, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.byteLength).toBe(0);
    expect((await app.server.inject({ method: 'GET', url: '/api/providers/logo/..%2Fapp-secret' })).statusCode).toBe(404);
  });

  it("answers a logo's revalidation from its stored SHA-256, without reading its bytes", async () => {
    const filename = (await send('POST', '/api/providers', { name: 'FibreCo' }, { bytes: PNG_1X1 })).json().data.logo_filename;
    const url = `/api/providers/logo/${filename}`;
    const etag = `"${createHash('sha256').update(PNG_1X1).digest('hex')}"`;
    expect((await app.server.inject({ method: 'GET', url })).statusCode).toBe(200);
    // Reading the bytes leaves this server's copy in the file cache: without one, a read would write it again.
    const copy = path.join(app.dataDir, 'file-cache', createHash('sha256').update(PNG_1X1).digest('hex'));
    fs.rmSync(copy);
    const revalidated = await app.server.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    expect(fs.existsSync(copy)).toBe(false);
    const read = await app.server.inject({ method: 'GET', url, headers: { 'if-none-match': '"another"' } });
    expect(read.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(fs.existsSync(copy)).toBe(true);
  });

  /** The stored logos' names, as stored_files holds them. */
  const storedLogos = async () =>
    (await app.db.kysely.selectFrom('stored_files').select('name').where('kind', '=', 'logo').orderBy('name').execute()).map((row) => row.name);

  /** Makes the database refuse any update of a provider to this description: a failure inside the update's transaction, after its logo is stored. */
  async function failUpdatesTo(description: string): Promise<void> {
    if (kind === 'sqlite') {
      await sql`create trigger fail_provider_update before update on providers when new.description = ${sql.lit(description)}
        begin select raise(abort, 'injected failure'); end`.execute(app.db.kysely);
      return;
    }
    await sql`create function fail_provider_update() returns trigger language plpgsql as $$
        begin if new.description = ${sql.lit(description)} then raise exception 'injected failure'; end if; return new; end $$`.execute(app.db.kysely);
    await sql`create trigger fail_provider_update before update on providers for each row execute function fail_provider_update()`.execute(app.db.kysely);
  }

  it('stores a new logo and removes the replaced one with the provider, in its transaction: a failed update leaves no stored file behind', async () => {
    const created = (await send('POST', '/api/providers', { name: 'FibreCo' }, { bytes: PNG_1X1 })).json().data;
    expect(await storedLogos()).toEqual([created.logo_filename]);

    await failUpdatesTo('fail here');
    const failed = await send('PUT', `/api/providers/${created.id}`, { description: 'fail here' }, { bytes: PNG_1X1 });
    expect(failed.statusCode).toBe(500);
    expect(await storedLogos()).toEqual([created.logo_filename]);
    expect((await app.server.inject({ method: 'GET', url: `/api/providers/logo/${created.logo_filename}` })).statusCode).toBe(200);

    const replaced = (await send('PUT', `/api/providers/${created.id}`, { description: 'new logo' }, { bytes: PNG_1X1 })).json().data;
    expect(replaced.logo_filename).not.toBe(created.logo_filename);
    expect(await storedLogos()).toEqual([replaced.logo_filename]);

    await app.server.inject({ method: 'DELETE', url: `/api/providers/${created.id}`, headers: bearer(token) });
    expect(await storedLogos()).toEqual([]);
  });

  it('stores nothing for an update of a provider that is gone, nor for a logo that is not an image', async () => {
    const created = (await send('POST', '/api/providers', { name: 'FibreCo' })).json().data;
    const notAnImage = await send('PUT', `/api/providers/${created.id}`, {}, { bytes: Buffer.from('not an image at all') });
    expect(notAnImage.statusCode).toBe(400);
    await app.server.inject({ method: 'DELETE', url: `/api/providers/${created.id}`, headers: bearer(token) });
    const gone = await send('PUT', `/api/providers/${created.id}`, {}, { bytes: PNG_1X1 });
    expect(gone.statusCode).toBe(404);
    expect(await storedLogos()).toEqual([]);
  });

  it('keeps the database file, its WAL and the cached copies of logos readable by the owner only', async () => {
    const created = await send('POST', '/api/providers', { name: 'FibreCo' }, { bytes: PNG_1X1 });
    // The logo is in the database; serving it leaves this server's copy in the file cache, named by its SHA-256.
    await app.server.inject({ method: 'GET', url: `/api/providers/logo/${created.json().data.logo_filename}` });
    const modeOf = (file: string) => fs.statSync(path.join(app.dataDir, file)).mode & 0o777;
    expect(modeOf('file-cache')).toBe(0o700);
    expect(modeOf(`file-cache/${createHash('sha256').update(PNG_1X1).digest('hex')}`)).toBe(0o600);
    expect(fs.existsSync(path.join(app.dataDir, 'logos'))).toBe(false);
    if (kind === 'sqlite') {
      expect(modeOf('coverage.sqlite')).toBe(0o600);
      expect(modeOf('coverage.sqlite-wal')).toBe(0o600);
    }
  });

  it('refuses a logo that is not an image by content, and one over 2 MB', async () => {
    const fake = await send('POST', '/api/providers', { name: 'X' }, { bytes: Buffer.from('<svg onload="alert(1)"></svg>'), filename: 'logo.png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Logo must be a PNG, JPEG, WebP or GIF image');
    const huge = await send('POST', '/api/providers', { name: 'X' }, { bytes: Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Logo must be at most 2 MB');
    expect((await get('/api/providers')).json().data).toEqual([]);
  });

  it('tells a logo by its content: a text file named .png is refused, JPEG, GIF and WebP are stored under their own extension', async () => {
    const text = await send('POST', '/api/providers', { name: 'X' }, { bytes: Buffer.from('not an image at all'), filename: 'logo.png' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Logo must be a PNG, JPEG, WebP or GIF image');
    const images: [string, Buffer][] = [
      ['jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])],
      ['gif', Buffer.from('GIF89a\u0001\u0000\u0001\u0000', 'latin1')],
      ['webp', Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')])],
    ];
    for (const [ext, bytes] of images) {
      const created = await send('POST', '/api/providers', { name: `Logo ${ext}` }, { bytes, filename: 'logo.png' });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data.logo_filename).toMatch(new RegExp(`\\.${ext}$`));
    }
  });

  it('validates with the SPEC messages', async () => {
    expect((await send('POST', '/api/providers', { description: 'no name' })).json().message).toBe('Provider name is required');
    expect((await send('POST', '/api/providers', { name: 'X', data_source: 'my_maps_url' })).json().message).toBe('My Maps URL is required');
    expect((await send('POST', '/api/providers', { name: 'X', data_source: 'api_endpoint' })).json().message).toBe('API endpoint URL is required');
    expect((await send('POST', '/api/providers', { name: 'X', contact_email: 'not-an-email' })).json().message).toBe('Please enter a valid email address');
    expect((await send('POST', '/api/providers', { name: 'X', contact_phone: 'call me' })).json().message).toBe('Please enter a valid phone number');
    for (const phone of ['12', '-', '()']) {
      expect((await send('POST', '/api/providers', { name: 'X', contact_phone: phone })).json().message, phone).toBe(
        'Please enter a valid phone number: at least 7 digits',
      );
    }
    expect((await send('POST', '/api/providers', { name: 'X', api_headers: '[1,2]' })).statusCode).toBe(400);
    expect(
      (
        await send('POST', '/api/providers', {
          name: 'X',
          data_source: 'api_endpoint',
          api_endpoint_url: 'https://x.example',
          api_auth_type: 'bearer',
          api_auth_config: '{}',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps absent fields on update, clears empty ones, and replaces or removes the logo', async () => {
    const created = (await send('POST', '/api/providers', { name: 'FibreCo', description: 'Fast', contact_phone: '021 555 0100' }, { bytes: PNG_1X1 })).json()
      .data;
    const updated = await send('PUT', `/api/providers/${created.id}`, { description: '', active: 'false' });
    expect(updated.json().message).toBe('Provider updated successfully!');
    expect(updated.json().data).toMatchObject({
      name: 'FibreCo',
      description: null,
      contact_phone: '021 555 0100',
      active: false,
      logo_filename: created.logo_filename,
    });

    const removed = (await send('PUT', `/api/providers/${created.id}`, { remove_logo: 'true' })).json().data;
    expect(removed.logo_filename).toBeNull();
    expect(fs.existsSync(path.join(app.dataDir, 'logos', created.logo_filename))).toBe(false);
  });

  it("stores a provider's next steps trimmed, keeps them when absent, clears them when empty, and refuses more than 1,000 characters or NUL", async () => {
    const steps = 'We phone you within a day.\nThen a technician books a visit.';
    const created = (await send('POST', '/api/providers', { name: 'FibreCo', next_steps: `  ${steps}  ` })).json().data;
    expect(created.next_steps).toBe(steps);
    const listed = await app.server.inject({ method: 'GET', url: '/api/providers', headers: bearer(token) });
    expect(listed.json().data.find((provider: { id: number }) => provider.id === created.id).next_steps).toBe(steps);
    expect((await send('PUT', `/api/providers/${created.id}`, { description: 'Fast' })).json().data.next_steps).toBe(steps);
    expect((await send('POST', '/api/providers', { name: 'AirLink' })).json().data.next_steps).toBeNull();

    const tooLong = await send('PUT', `/api/providers/${created.id}`, { next_steps: 'x'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Next steps must be at most 1000 characters');
    const nul = await send('PUT', `/api/providers/${created.id}`, { next_steps: 'a\u0000b' });
    expect(nul.json().message).toBe('Next steps must not contain NUL characters');
    expect((await send('PUT', `/api/providers/${created.id}`, { next_steps: 'x'.repeat(1000) })).json().data.next_steps).toHaveLength(1000);

    expect((await send('PUT', `/api/providers/${created.id}`, { next_steps: '' })).json().data.next_steps).toBeNull();
  });

  it('stores API credentials encrypted, returns them masked, and keeps them when the mask is sent back', async () => {
    const created = await send('POST', '/api/providers', { name: 'ApiCo', ...apiFields, api_endpoint_url: `${fake.url}/coverage-api` });
    expect(created.statusCode, created.body).toBe(200);
    const provider = created.json().data;
    expect(JSON.parse(provider.api_auth_config)).toEqual({ token: '********' });
    expect(created.body).not.toContain('tok-123');
    const stored = await app.db.kysely.selectFrom('providers').select('api_auth_config').where('id', '=', provider.id).executeTakeFirstOrThrow();
    expect(stored.api_auth_config).not.toContain('tok-123');
    expect((await get('/api/providers')).body).not.toContain('tok-123');

    const resaved = await send('PUT', `/api/providers/${provider.id}`, { name: 'ApiCo 2', api_auth_config: provider.api_auth_config });
    expect(resaved.statusCode, resaved.body).toBe(200);

    // The stored secret still works: a test naming the provider uses it in place of the mask.
    const test = await app.server.inject({
      method: 'POST',
      url: '/api/test',
      headers: bearer(token),
      payload: {
        provider_id: provider.id,
        api_endpoint_url: `${fake.url}/coverage-api`,
        api_fields_mapping: apiFields.api_fields_mapping,
        api_auth_type: 'bearer',
        api_auth_config: provider.api_auth_config,
      },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().data.coverage_detected).toBe(true);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer tok-123');
  });

  it('stores API headers sealed, answers them masked, and sends the kept values to the same API', async () => {
    const headers = JSON.stringify({ 'X-Api-Key': 'hdr-key-77' });
    const created = await send('POST', '/api/providers', {
      name: 'HeaderCo',
      ...apiFields,
      api_endpoint_url: `${fake.url}/coverage-api`,
      api_headers: headers,
    });
    expect(created.statusCode, created.body).toBe(200);
    const provider = created.json().data;
    expect(JSON.parse(provider.api_headers)).toEqual({ 'X-Api-Key': '********' });
    const stored = await app.db.kysely.selectFrom('providers').select('api_headers').where('id', '=', provider.id).executeTakeFirstOrThrow();
    expect(stored.api_headers).not.toContain('hdr-key-77');
    expect((await get('/api/providers')).body).not.toContain('hdr-key-77');

    const resaved = await send('PUT', `/api/providers/${provider.id}`, { name: 'HeaderCo 2', api_headers: provider.api_headers });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const test = await app.server.inject({
      method: 'POST',
      url: '/api/test',
      headers: bearer(token),
      payload: {
        provider_id: provider.id,
        api_endpoint_url: `${fake.url}/coverage-api`,
        api_headers: provider.api_headers,
        api_fields_mapping: apiFields.api_fields_mapping,
        api_auth_type: 'bearer',
        api_auth_config: provider.api_auth_config,
      },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(fake.requests.at(-1)?.headers['x-api-key']).toBe('hdr-key-77');
  });

  it('takes new credentials for a provider whose stored secret was sealed under another APP_SECRET', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'ApiCo', ...apiFields, api_endpoint_url: `${fake.url}/coverage-api` })).json().data;
    await app.db.kysely.updateTable('providers').set({ api_auth_config: 'v1:AAAA:BBBB:CCCC' }).where('id', '=', provider.id).execute();
    const listed = (await get(`/api/providers/${provider.id}`)).json().data;
    expect(listed.api_auth_config).toBeNull();
    const masked = await send('PUT', `/api/providers/${provider.id}`, { api_auth_config: JSON.stringify({ token: '********' }) });
    expect(masked.statusCode).toBe(400);
    const fresh = await send('PUT', `/api/providers/${provider.id}`, { api_auth_config: JSON.stringify({ token: 'tok-123' }) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(JSON.parse(fresh.json().data.api_auth_config)).toEqual({ token: '********' });
  });

  it('never sends a kept secret to a new endpoint origin', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'ApiCo', ...apiFields, api_endpoint_url: `${fake.url}/coverage-api` })).json().data;
    const elsewhere = 'http://127.0.0.2:9/steal';
    const test = await app.server.inject({
      method: 'POST',
      url: '/api/test',
      headers: bearer(token),
      payload: { provider_id: provider.id, api_endpoint_url: elsewhere, api_auth_type: 'bearer', api_auth_config: provider.api_auth_config },
    });
    expect(test.statusCode).toBe(400);
    expect(test.json().message).toContain('enter it again');

    const moved = await send('PUT', `/api/providers/${provider.id}`, { api_endpoint_url: elsewhere });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toContain('enter it again');
    const movedWithSecret = await send('PUT', `/api/providers/${provider.id}`, {
      api_endpoint_url: elsewhere,
      api_auth_config: JSON.stringify({ token: 'new-token' }),
    });
    expect(movedWithSecret.statusCode, movedWithSecret.body).toBe(200);
  });

  it('tests a provider API with field mapping, and reports a failing one with its reason', async () => {
    const ok = await app.server.inject({
      method: 'POST',
      url: '/api/test',
      headers: bearer(token),
      payload: {
        api_endpoint_url: `${fake.url}/coverage-api`,
        api_fields_mapping: apiFields.api_fields_mapping,
        api_auth_type: 'api_key',
        api_auth_config: JSON.stringify({ key_param: 'key', key_value: 'k-9' }),
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('API test completed successfully!');
    expect(ok.json().data).toMatchObject({
      coverage_detected: true,
      response: { serviceStatus: 'live', services: ['Fibre 100'], coverageDetails: 'from api' },
      raw_response: { result: { covered: true } },
    });
    expect(fake.requests.at(-1)?.url).toContain('latitude=-33.9249');

    const refused = await app.server.inject({
      method: 'POST',
      url: '/api/test',
      headers: bearer(token),
      payload: { api_endpoint_url: `${fake.url}/coverage-api` },
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().success).toBe(false);

    const noUrl = await app.server.inject({ method: 'POST', url: '/api/test', headers: bearer(token), payload: { api_endpoint_url: '' } });
    expect(noUrl.json().message).toBe('API endpoint URL is required for testing');
  });

  it('includes an API provider in coverage checks, and skips it when its API fails', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'ApiCo', ...apiFields, api_endpoint_url: `${fake.url}/coverage-api` })).json().data;
    const check = async (lat: number) => (await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${lat}&lng=18.4` })).json().data;
    const inside = await check(-33.9);
    expect(inside.providers).toEqual([expect.objectContaining({ id: provider.id, name: 'ApiCo', service_status: 'live', services: ['Fibre 100'] })]);
    expect((await check(-30)).coverage_available).toBe(false);

    await send('PUT', `/api/providers/${provider.id}`, { api_endpoint_url: `${fake.url}/nothing-here` });
    const failing = await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=-33.9&lng=18.4' });
    expect(failing.statusCode).toBe(200);
    expect(failing.json().data.coverage_available).toBe(false);
  });

  it('syncs a My Maps provider into its own layer, replacing it on the next sync, and records errors', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'MapsCo', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL })).json().data;
    const synced = await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().message).toBe('Successfully synced MapsCo from My Maps!');
    expect(synced.json().data).toMatchObject({ sync_status: 'success', sync_error_message: null, last_sync: clock.now().toISOString() });
    expect(fake.requests.at(-1)?.url).toBe(`/maps/kml?mid=${MAP_ID}`);

    let layers = (await get('/api/coverage_layers')).json().data;
    expect(layers).toEqual([expect.objectContaining({ name: 'MapsCo (My Maps)', provider_id: provider.id, feature_count: 2, kml_data: true })]);
    clock.advance(60_000);
    await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    layers = (await get('/api/coverage_layers')).json().data;
    expect(layers).toHaveLength(1);
    // Each sync's change to the layer is in the audit log, the admin as its actor.
    const layerEntries = await app.db.kysely
      .selectFrom('audit_log')
      .select(['actor', 'action', 'after_json'])
      .where('entity', '=', 'coverage_layer')
      .where('entity_id', '=', String(layers[0].id))
      .orderBy('id')
      .execute();
    expect(layerEntries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['admin', 'create'],
      ['admin', 'sync'],
    ]);
    expect(JSON.parse(layerEntries[0]!.after_json!)).toMatchObject({ polygon_count: 2 });
    expect(JSON.parse(layerEntries[1]!.after_json!)).toEqual({ updated_at: clock.now().toISOString() });

    myMapsAnswer = { status: 404, body: 'gone' };
    const failed = await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    expect(failed.statusCode).toBe(502);
    const after = (await get(`/api/providers/${provider.id}`)).json().data;
    expect(after.sync_status).toBe('error');
    expect(after.sync_error_message).toContain('404');
    expect((await get('/api/coverage_layers')).json().data[0].feature_count).toBe(2);
  });

  it('runs one sync per provider at a time: a second one at once answers 409 and adds no layer', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'MapsCo', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL })).json().data;
    const sync = () => app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    const [first, second] = await Promise.all([sync(), sync()]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.statusCode === 409)?.json().message).toBe('A My Maps sync of this provider is already running');
    expect((await get('/api/coverage_layers')).json().data).toHaveLength(1);
    expect((await sync()).statusCode).toBe(200);
  });

  it('refuses to sync a provider that is not a My Maps source', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'KmlCo' })).json().data;
    const response = await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Provider is not configured for My Maps sync');
  });

  it('auto-syncs due providers once per interval, in one process at a time', async () => {
    const due = (await send('POST', '/api/providers', { name: 'Auto', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL, auto_sync: 'true' })).json().data;
    await send('POST', '/api/providers', { name: 'Manual', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL, auto_sync: 'false' });
    expect(await app.myMaps.syncDueProviders()).toBe(1);
    expect((await get(`/api/providers/${due.id}`)).json().data.sync_status).toBe('success');
    expect(await app.myMaps.syncDueProviders()).toBe(0);
    clock.advance(6 * 3600 * 1000);
    expect(await app.myMaps.syncDueProviders()).toBe(1);
  });

  it('validates My Maps URLs and extracts the map id', async () => {
    const ok = await app.server.inject({
      method: 'POST',
      url: '/api/providers/validate-my-maps-url',
      headers: bearer(token),
      payload: { my_maps_url: MY_MAPS_URL },
    });
    expect(ok.json().data).toEqual({ valid: true, map_id: MAP_ID, kml_url: `${fake.url}/maps/kml?mid=${MAP_ID}` });
    const bad = await app.server.inject({
      method: 'POST',
      url: '/api/providers/validate-my-maps-url',
      headers: bearer(token),
      payload: { my_maps_url: 'https://example.com/map' },
    });
    expect(bad.json().data.valid).toBe(false);
  });

  it('deletes a provider with its layers and logo, and reports its stats before', async () => {
    const provider = (await send('POST', '/api/providers', { name: 'MapsCo', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL }, { bytes: PNG_1X1 })).json()
      .data;
    await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
    const stats = (await get(`/api/providers/${provider.id}/stats`)).json().data;
    expect(stats).toEqual({ provider_id: provider.id, coverage_layers: 1, active_coverage_layers: 1, features: 2, searches: 0, leads: 0 });

    const deleted = await app.server.inject({ method: 'DELETE', url: `/api/providers/${provider.id}`, headers: bearer(token) });
    expect(deleted.json()).toEqual({ success: true, message: 'Provider deleted successfully!' });
    expect((await get('/api/coverage_layers')).json().data).toEqual([]);
    expect(fs.existsSync(path.join(app.dataDir, 'logos', provider.logo_filename))).toBe(false);
    expect((await get(`/api/providers/${provider.id}`)).statusCode).toBe(404);
  });

  it('requires the admin token on every provider route but the logo', async () => {
    for (const [method, url] of [
      ['GET', '/api/providers'],
      ['GET', '/api/providers/1'],
      ['POST', '/api/providers'],
      ['PUT', '/api/providers/1'],
      ['DELETE', '/api/providers/1'],
      ['GET', '/api/providers/1/stats'],
      ['POST', '/api/providers/1/sync-my-maps'],
      ['POST', '/api/providers/validate-my-maps-url'],
      ['POST', '/api/test'],
    ] as const) {
      expect((await app.server.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('outbound fetches without ALLOW_PRIVATE_FETCH', () => {
  it('refuse local addresses (SSRF guard) for API tests and My Maps syncs', async () => {
    const fake = await startLocalServer((_req, res) => res.end('{}'));
    const app = await createTestApp('sqlite', { env: { MY_MAPS_KML_URL: `${fake.url}/kml?mid={mapId}` } });
    try {
      const token = await signIn(app);
      const test = await app.server.inject({ method: 'POST', url: '/api/test', headers: bearer(token), payload: { api_endpoint_url: `${fake.url}/api` } });
      expect(test.statusCode).toBeGreaterThanOrEqual(400);
      expect(test.json().message).toContain('private or local network addresses are not allowed');

      const { payload, headers } = multipartBody({ name: 'MapsCo', data_source: 'my_maps_url', my_maps_url: MY_MAPS_URL });
      const provider = (await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } })).json().data;
      const sync = await app.server.inject({ method: 'POST', url: `/api/providers/${provider.id}/sync-my-maps`, headers: bearer(token) });
      expect(sync.json().message).toContain('private or local network addresses are not allowed');
      expect(fake.requests).toHaveLength(0);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
