import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import { decodePackedCollection } from '../src/geo/packedCollection.js';
import { buildApp, type App } from '../src/server/app.js';
import { fibreKml, GREEN, kmlDocument, kmz, ORANGE, placemark, square, style } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/** Points (lat, lng) around the fibre test areas. */
const IN_ORANGE = { lat: -33.95, lng: 18.44 };
const IN_HOLE = { lat: -33.92, lng: 18.42 };
const IN_GREEN = { lat: -33.92, lng: 18.7 };
const NOWHERE = { lat: -30, lng: 25 };

describe.each(databaseKinds())('coverage layers and checks on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  async function createProvider(name: string, extra: Record<string, string> = {}): Promise<number> {
    const { payload, headers } = multipartBody({ name, ...extra });
    const response = await app.server.inject({ method: 'POST', url: '/api/providers', payload, headers: { ...headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }

  async function createLayer(fields: Record<string, string>, file?: { filename: string; bytes: Buffer }) {
    const { payload, headers } = multipartBody(
      fields,
      file && { field: 'kml_file', filename: file.filename, contentType: 'application/vnd.google-earth.kml+xml', bytes: file.bytes },
    );
    return app.server.inject({ method: 'POST', url: '/api/coverage_layers', payload, headers: { ...headers, ...bearer(token) } });
  }

  const check = async (point: { lat: number; lng: number }) => {
    const response = await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${point.lat}&lng=${point.lng}&address=Test` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  const mappings = JSON.stringify([
    { color: ORANGE.hex, status: 'live', description: 'Live fibre' },
    { color: GREEN.hex, status: 'in_progress', description: 'Being built' },
  ]);

  it('creates a layer from a coloured KML and answers checks with the status of each colour', async () => {
    const providerId = await createProvider('FibreCo', { signup_url: 'https://fibre.example/signup' });
    const created = await createLayer(
      { name: 'Cape Town', provider_id: String(providerId), services: 'Fiber, , LTE ', color_mappings: mappings },
      { filename: 'fibre.kml', bytes: Buffer.from(fibreKml()) },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Coverage layer created successfully!');
    expect(created.json().data).toMatchObject({
      name: 'Cape Town',
      services: ['Fiber', 'LTE'],
      kml_data: true,
      kml_filename: 'fibre.kml',
      feature_count: 2,
      detected_colors: [ORANGE.hex, GREEN.hex],
      active: true,
      use_manual_override: false,
    });

    const live = await check(IN_ORANGE);
    expect(live).toMatchObject({
      location: { lat: IN_ORANGE.lat, lng: IN_ORANGE.lng, address: 'Test' },
      coverage_available: true,
      total_providers: 1,
      service_statuses: { live: 1, in_progress: 0, coming_soon: 0, unknown: 0 },
      wireless_feasibility: { wireless_available: false, signal_quality: 'no_signal', estimated_speed: 'No Service' },
    });
    expect(live.providers).toEqual([
      {
        id: providerId,
        name: 'FibreCo',
        description: null,
        logo_filename: null,
        signup_url: 'https://fibre.example/signup',
        service_status: 'live',
        services: ['Fiber', 'LTE'],
      },
    ]);
    expect((await check(IN_GREEN)).providers[0].service_status).toBe('in_progress');
    expect((await check(IN_HOLE)).coverage_available).toBe(false);
    expect(await check(NOWHERE)).toMatchObject({ coverage_available: false, total_providers: 0, providers: [] });
  });

  it('gives colours left to the layer default its default status, also once it changes, and keeps an explicit unknown', async () => {
    const providerId = await createProvider('FibreCo');
    const leftToDefault = JSON.stringify([
      { color: ORANGE.hex, status: 'default', description: '' },
      { color: GREEN.hex, status: 'unknown', description: '' },
    ]);
    const created = await createLayer(
      { name: 'L', provider_id: String(providerId), services: 'Fiber', default_status: 'coming_soon', color_mappings: leftToDefault },
      { filename: 'f.kml', bytes: Buffer.from(fibreKml()) },
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(JSON.parse(created.json().data.color_mappings)).toEqual(JSON.parse(leftToDefault));
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('coming_soon');
    expect((await check(IN_GREEN)).providers[0].service_status).toBe('unknown');

    const put = await app.server.inject({
      method: 'PUT',
      url: `/api/coverage_layers/${created.json().data.id}`,
      payload: { default_status: 'live' },
      headers: bearer(token),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('live');
    expect((await check(IN_GREEN)).providers[0].service_status).toBe('unknown');
  });

  it('detects only the colours polygons are drawn with, not those of lines alone', async () => {
    const providerId = await createProvider('FibreCo');
    const road =
      '<Placemark><name>Main Road</name><styleUrl>#road</styleUrl><LineString><coordinates>18.4,-33.9 18.5,-33.9</coordinates></LineString></Placemark>';
    const kml = kmlDocument(
      style('live', ORANGE.kml),
      '<Style id="road"><LineStyle><color>ffff0000</color></LineStyle></Style>',
      placemark('Gardens', 'live', square(18.42, -33.92, 0.05)),
      road,
    );
    const created = await createLayer({ name: 'L', provider_id: String(providerId), services: 'Fiber' }, { filename: 'f.kml', bytes: Buffer.from(kml) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ feature_count: 1, detected_colors: [ORANGE.hex] });
  });

  it('merges a provider covering a point from two layers into one entry with the best status', async () => {
    const providerId = await createProvider('FibreCo');
    await createLayer(
      {
        name: 'Planned',
        provider_id: String(providerId),
        services: 'LTE',
        default_status: 'coming_soon',
        use_manual_override: 'true',
        manual_override_status: 'coming_soon',
      },
      { filename: 'a.kml', bytes: Buffer.from(fibreKml()) },
    );
    await createLayer(
      { name: 'Built', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
      { filename: 'b.kml', bytes: Buffer.from(fibreKml()) },
    );
    const result = await check(IN_ORANGE);
    expect(result.total_providers).toBe(1);
    expect(result.providers[0].service_status).toBe('live');
    expect(result.providers[0].services.sort()).toEqual(['Fiber', 'LTE']);
  });

  it('lists several providers best status first', async () => {
    const a = await createProvider('Zeta Fibre');
    const b = await createProvider('Alpha Air');
    await createLayer(
      { name: 'Z', provider_id: String(a), services: 'Fiber', use_manual_override: 'true', manual_override_status: 'live' },
      { filename: 'z.kml', bytes: Buffer.from(fibreKml()) },
    );
    await createLayer(
      { name: 'A', provider_id: String(b), services: 'LTE', use_manual_override: 'true', manual_override_status: 'coming_soon' },
      { filename: 'a.kml', bytes: Buffer.from(fibreKml()) },
    );
    const result = await check(IN_ORANGE);
    expect(result.providers.map((p: { name: string }) => p.name)).toEqual(['Zeta Fibre', 'Alpha Air']);
    expect(result.service_statuses).toEqual({ live: 1, in_progress: 0, coming_soon: 1, unknown: 0 });
  });

  it('applies later changes to mappings, override, active flags and deletion at once', async () => {
    const providerId = await createProvider('FibreCo');
    const layer = (
      await createLayer({ name: 'L', provider_id: String(providerId), services: 'Fiber' }, { filename: 'f.kml', bytes: Buffer.from(fibreKml()) })
    ).json().data;
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('unknown');

    const put = (body: object) => app.server.inject({ method: 'PUT', url: `/api/coverage_layers/${layer.id}`, payload: body, headers: bearer(token) });
    const updated = await put({ color_mappings: mappings });
    expect(updated.json().message).toBe('Coverage layer updated successfully!');
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('live');

    await put({ use_manual_override: true, manual_override_status: 'coming_soon', color_mappings: null });
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('coming_soon');
    expect((await check(IN_GREEN)).providers[0].service_status).toBe('coming_soon');

    await put({ active: false });
    expect((await check(IN_ORANGE)).coverage_available).toBe(false);
    await put({ active: true });

    const { payload, headers } = multipartBody({ active: 'false' });
    await app.server.inject({ method: 'PUT', url: `/api/providers/${providerId}`, payload, headers: { ...headers, ...bearer(token) } });
    expect((await check(IN_ORANGE)).coverage_available).toBe(false);

    const deleted = await app.server.inject({ method: 'DELETE', url: `/api/coverage_layers/${layer.id}`, headers: bearer(token) });
    expect(deleted.json()).toEqual({ success: true, message: 'Coverage layer deleted successfully!' });
    expect((await app.server.inject({ method: 'GET', url: `/api/coverage_layers/${layer.id}`, headers: bearer(token) })).statusCode).toBe(404);
  });

  it('stores geometry over 1 MB in parts of 1 MB, answers from it, and replaces or deletes the parts with the layer', async () => {
    const providerId = await createProvider('WideNet');
    // 100,000 vertices around IN_ORANGE: about 1.6 MB packed, so two parts.
    const vertices = 100_000;
    const ring = Array.from({ length: vertices + 1 }, (_, k) => {
      const angle = (2 * Math.PI * (k % vertices)) / vertices;
      return `${(IN_ORANGE.lng + 0.05 * Math.cos(angle)).toFixed(7)},${(IN_ORANGE.lat + 0.05 * Math.sin(angle)).toFixed(7)}`;
    });
    const kml = kmlDocument(
      `<Placemark><name>wide</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    );
    const created = await createLayer({ name: 'Wide', provider_id: String(providerId), services: 'Fiber' }, { filename: 'wide.kml', bytes: Buffer.from(kml) });
    expect(created.statusCode, created.body).toBe(200);
    const layerId = created.json().data.id as number;
    expect((await check(IN_ORANGE)).providers.map((p: { name: string }) => p.name)).toEqual(['WideNet']);

    const parts = () =>
      app.db.kysely.selectFrom('coverage_layer_geometry_parts').select(['part', 'bytes']).where('layer_id', '=', layerId).orderBy('part').execute();
    const stored = await parts();
    expect(stored.map((p) => p.part)).toEqual([0, 1]);
    expect(stored[0]!.bytes.byteLength).toBe(1024 * 1024);
    const [feature] = decodePackedCollection<{ name: string | null }>(Buffer.concat(stored.map((p) => p.bytes)));
    expect(feature!.properties.name).toBe('wide');
    expect(feature!.polygons[0]![0]!.length).toBe(2 * (vertices + 1));

    const { payload, headers } = multipartBody(
      {},
      { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
    );
    const replaced = await app.server.inject({
      method: 'POST',
      url: `/api/coverage_layers/${layerId}/upload`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await parts()).map((p) => p.part)).toEqual([0]);
    expect((await check(IN_GREEN)).coverage_available).toBe(true);
    expect((await check({ lat: IN_ORANGE.lat, lng: IN_ORANGE.lng + 0.045 })).coverage_available).toBe(false);

    await app.server.inject({ method: 'DELETE', url: `/api/coverage_layers/${layerId}`, headers: bearer(token) });
    expect(await parts()).toEqual([]);
  });

  it('creates a layer from JSON without a file, then takes a KMZ upload', async () => {
    const providerId = await createProvider('FibreCo');
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      headers: bearer(token),
      payload: { name: 'Empty', provider_id: providerId, services: ['Fiber'], use_manual_override: true, manual_override_status: 'live' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ kml_data: false, feature_count: 0, manual_override_status: 'live' });
    expect((await check(IN_ORANGE)).coverage_available).toBe(false);

    const { payload, headers } = multipartBody(
      {},
      { field: 'kml_file', filename: 'area.kmz', contentType: 'application/vnd.google-earth.kmz', bytes: kmz(fibreKml()) },
    );
    const uploaded = await app.server.inject({
      method: 'POST',
      url: `/api/coverage_layers/${created.json().data.id}/upload`,
      payload,
      headers: { ...headers, ...bearer(token) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ kml_data: true, kml_filename: 'area.kmz', feature_count: 2 });
    expect((await check(IN_ORANGE)).providers[0].service_status).toBe('live');
  });

  it('refuses a file that is not .kml/.kmz, or does not parse, keeping what was stored', async () => {
    const providerId = await createProvider('FibreCo');
    const layer = (
      await createLayer(
        { name: 'L', provider_id: String(providerId), services: 'Fiber', use_manual_override: 'true', manual_override_status: 'live' },
        { filename: 'f.kml', bytes: Buffer.from(fibreKml()) },
      )
    ).json().data;
    const upload = (filename: string, bytes: Buffer) => {
      const { payload, headers } = multipartBody({}, { field: 'kml_file', filename, contentType: 'application/octet-stream', bytes });
      return app.server.inject({ method: 'POST', url: `/api/coverage_layers/${layer.id}/upload`, payload, headers: { ...headers, ...bearer(token) } });
    };
    const wrongType = await upload('coverage.geojson', Buffer.from('{}'));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBe('Coverage file must be a .kml or .kmz file');

    const broken = await upload('broken.kml', Buffer.from('<kml><Document><Placemark><Polygon><outerBoundaryIs>'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().success).toBe(false);
    expect(broken.json().message).toBe('The file is not valid KML: 1:52: unclosed tag: outerBoundaryIs');

    const noPolygons = await upload('points.kml', Buffer.from(kmlDocument('<Placemark><Point><coordinates>18,-33</coordinates></Point></Placemark>')));
    expect(noPolygons.statusCode).toBe(400);
    expect(noPolygons.json().message).toBe('The KML file contains no polygons');

    const badZip = await upload('bad.kmz', Buffer.from('not a zip at all'));
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().message).toBe('The KMZ file is not a valid zip archive');

    expect((await check(IN_ORANGE)).coverage_available).toBe(true);
    const stored = (await app.server.inject({ method: 'GET', url: `/api/coverage_layers/${layer.id}`, headers: bearer(token) })).json().data;
    expect(stored).toMatchObject({ kml_filename: 'f.kml', feature_count: 2 });
  });

  it('answers a cut-off or malformed multipart upload with 400, not a server error', async () => {
    const providerId = await createProvider('FibreCo');
    const { payload, headers } = multipartBody(
      { name: 'L', provider_id: String(providerId), services: 'Fiber' },
      { field: 'kml_file', filename: 'f.kml', contentType: 'application/xml', bytes: Buffer.from(fibreKml()) },
    );
    const cut = await app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      payload: payload.subarray(0, payload.length - 200),
      headers: { ...headers, ...bearer(token) },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe('The upload is not a valid multipart form (was it interrupted?)');
    const noBoundary = await app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data', ...bearer(token) },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('refuses a file over 50 MB with 413', async () => {
    const providerId = await createProvider('FibreCo');
    const big = Buffer.alloc(50 * 1024 * 1024 + 1024, 0x20);
    const response = await createLayer({ name: 'Big', provider_id: String(providerId), services: 'Fiber' }, { filename: 'big.kml', bytes: big });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'Coverage file must be at most 50 MB' });
    const list = (await app.server.inject({ method: 'GET', url: '/api/coverage_layers', headers: bearer(token) })).json().data;
    expect(list).toEqual([]);
  });

  it('validates layers with the SPEC messages', async () => {
    const providerId = await createProvider('FibreCo');
    const post = (payload: object) => app.server.inject({ method: 'POST', url: '/api/coverage_layers', headers: bearer(token), payload });
    expect((await post({ provider_id: providerId, services: ['Fiber'] })).json().message).toBe('Layer name is required');
    expect((await post({ name: 'x', services: ['Fiber'] })).json().message).toBe('Provider is required');
    expect((await post({ name: 'x', provider_id: providerId, services: ' , ' })).json().message).toBe('Services are required');
    expect((await post({ name: 'x', provider_id: 9999, services: ['Fiber'] })).json().message).toBe('Provider not found');
    expect((await post({ name: 'x', provider_id: providerId, services: ['Fiber'], default_status: 'soon' })).statusCode).toBe(400);
  });

  it('requires the admin token for every layer route', async () => {
    for (const [method, url] of [
      ['GET', '/api/coverage_layers'],
      ['GET', '/api/coverage_layers/1'],
      ['POST', '/api/coverage_layers'],
      ['PUT', '/api/coverage_layers/1'],
      ['DELETE', '/api/coverage_layers/1'],
      ['POST', '/api/coverage_layers/1/upload'],
    ] as const) {
      expect((await app.server.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers a check without coordinates or with bad ones with 400', async () => {
    const missing = await app.server.inject({ method: 'GET', url: '/api/check_coverage?address=x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('lat and lng are required');
    const bad = await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=95&lng=18' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('lat must be between -90 and 90');
    const text = await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=abc&lng=18' });
    expect(text.statusCode).toBe(400);
    for (const notation of ['0x1e', '0b1', '0o7', 'Infinity']) {
      const response = await app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=-33&lng=${notation}` });
      expect(response.statusCode, notation).toBe(400);
      expect(response.json().message, notation).toBe('lng must be a number');
    }
    const blank = await app.server.inject({ method: 'GET', url: '/api/check_coverage?lat=&lng=' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('lat and lng are required');
  });

  it("indexes the layers of every active provider, beyond SQLite's limit of bound parameters in one query", async () => {
    const now = new Date().toISOString();
    // SQLite binds at most 32,766 parameters per statement; one id list of every provider would fail.
    const others = Array.from({ length: 33_000 }, (_, i) => ({
      name: `Provider ${i}`,
      active: 1 as const,
      data_source: 'kml_upload' as const,
      auto_sync: 0 as const,
      api_auth_type: 'none' as const,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < others.length; start += 500) {
      await app.db.kysely
        .insertInto('providers')
        .values(others.slice(start, start + 500))
        .execute();
    }
    const providerId = await createProvider('FibreCo');
    expect(providerId).toBeGreaterThan(33_000);
    const layer = await createLayer(
      { name: 'Cape Town', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
      { filename: 'fibre.kml', bytes: Buffer.from(fibreKml()) },
    );
    expect(layer.statusCode, layer.body).toBe(200);

    expect((await check(IN_ORANGE)).providers.map((p: { id: number }) => p.id)).toEqual([providerId]);
  });

  it('serves the coverage map as GeoJSON with status and provider on each feature', async () => {
    const providerId = await createProvider('FibreCo');
    await createLayer(
      { name: 'Cape Town', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
      { filename: 'f.kml', bytes: Buffer.from(fibreKml()) },
    );
    const response = await app.server.inject({ method: 'GET', url: '/api/coverage_map' });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.type).toBe('FeatureCollection');
    expect(body.data.features.map((f: { properties: object }) => f.properties)).toEqual([
      expect.objectContaining({ service_status: 'live', provider_id: providerId, provider_name: 'FibreCo', layer_name: 'Cape Town' }),
      expect.objectContaining({ service_status: 'in_progress', provider_id: providerId, provider_name: 'FibreCo' }),
    ]);
    expect(body.data.features[0].geometry.type).toBe('Polygon');
    expect(body.data.features[0].geometry.coordinates).toHaveLength(2);
  });

  it('serves vector tiles of the coverage with an ETag per revision', async () => {
    const providerId = await createProvider('FibreCo');
    await createLayer(
      { name: 'Cape Town', provider_id: String(providerId), services: 'Fiber', color_mappings: mappings },
      { filename: 'f.kml', bytes: Buffer.from(fibreKml()) },
    );
    // Zoom 8 tile holding Cape Town (lng 18.42, lat -33.92): x = 141, y = 153.
    const tile = await app.server.inject({ method: 'GET', url: '/api/coverage_tiles/8/141/153.pbf' });
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const decoded = new VectorTile(new PbfReader(tile.rawPayload));
    const layer = decoded.layers.coverage!;
    const statuses = Array.from({ length: layer.length }, (_, i) => layer.feature(i).properties.service_status).sort();
    expect(statuses).toEqual(['in_progress', 'live']);

    const etag = tile.headers.etag as string;
    const again = await app.server.inject({ method: 'GET', url: '/api/coverage_tiles/8/141/153.pbf', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    expect((await app.server.inject({ method: 'GET', url: '/api/coverage_tiles/8/0/0.pbf' })).statusCode).toBe(204);
    expect((await app.server.inject({ method: 'GET', url: '/api/coverage_tiles/2/9/0.pbf' })).statusCode).toBe(400);

    await createLayer(
      { name: 'More', provider_id: String(providerId), services: 'LTE' },
      { filename: 'g.kml', bytes: Buffer.from(kmlDocument(style('s', GREEN.kml), placemark('x', 's', square(18.5, -33.9, 0.01)))) },
    );
    const changed = await app.server.inject({ method: 'GET', url: '/api/coverage_tiles/8/141/153.pbf', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('another server on the same database sees a change within the poll interval', async () => {
    const other: App = await buildApp({ ...app.config, coveragePollMs: 100 });
    try {
      const providerId = await createProvider('FibreCo');
      await createLayer(
        { name: 'L', provider_id: String(providerId), services: 'Fiber', use_manual_override: 'true', manual_override_status: 'live' },
        { filename: 'f.kml', bytes: Buffer.from(fibreKml()) },
      );
      await expect
        .poll(
          async () =>
            (await other.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${IN_ORANGE.lat}&lng=${IN_ORANGE.lng}` })).json().data.total_providers,
          { timeout: 5000, interval: 50 },
        )
        .toBe(1);
    } finally {
      await other.server.close();
    }
  });
});
