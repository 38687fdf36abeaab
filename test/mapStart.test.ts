import { describe, expect, it } from 'vitest';
import { FIXED_START_MISSING_MESSAGE, LATITUDE_MESSAGE, LONGITUDE_MESSAGE, START_ZOOM_MESSAGE } from '../src/common/api/mapStart.js';
import { kmlDocument, placemark, square, style, ORANGE } from './support/kml.js';
import { multipartBody } from './support/multipart.js';
import { signedInAppPerTest } from './support/signedInApp.js';
import { bearer, databaseKinds, type TestApp } from './support/testApp.js';

/** A layer far from every fixed point of the maps: a 0.2 x 0.2 degree square around Upington. */
const UPINGTON = { lng: 21.25, lat: -28.45 };

describe.each(databaseKinds())('the public map start on %s', (kind) => {
  let app: TestApp;
  let token: string;

  signedInAppPerTest(kind, (session) => ({ app, token } = session));

  const config = async () => {
    const response = await app.server.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.start_view;
  };
  const save = (body: unknown, headers = bearer(token)) =>
    app.server.inject({ method: 'PUT', url: '/api/settings/public-map', payload: body as object, headers });

  async function uploadUpingtonLayer(): Promise<void> {
    const provider = multipartBody({ name: 'Kalahari Fibre' });
    const created = await app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const kml = kmlDocument(style('live', ORANGE.kml), placemark('Upington', 'live', square(UPINGTON.lng, UPINGTON.lat, 0.1)));
    const { payload, headers } = multipartBody(
      { name: 'Upington', provider_id: String(created.json().data.id), services: 'Fiber' },
      { field: 'kml_file', filename: 'upington.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(kml) },
    );
    const layer = await app.server.inject({ method: 'POST', url: '/api/coverage_layers', payload, headers: { ...headers, ...bearer(token) } });
    expect(layer.statusCode, layer.body).toBe(200);
  }

  it('answers no start view without coverage or a setting, then the box of an uploaded layer', async () => {
    expect(await config()).toBeNull();
    const setting = await app.server.inject({ method: 'GET', url: '/api/settings/public-map', headers: bearer(token) });
    expect(setting.json().data).toEqual({ setting: { mode: 'coverage', latitude: null, longitude: null, zoom: null }, start_view: null });

    await uploadUpingtonLayer();
    const view = await config();
    expect(view.source).toBe('coverage');
    expect(view.bounds.west).toBeCloseTo(UPINGTON.lng - 0.1, 6);
    expect(view.bounds.east).toBeCloseTo(UPINGTON.lng + 0.1, 6);
    expect(view.bounds.south).toBeCloseTo(UPINGTON.lat - 0.1, 6);
    expect(view.bounds.north).toBeCloseTo(UPINGTON.lat + 0.1, 6);
    expect(view.center.lng).toBeCloseTo(UPINGTON.lng, 4);
    expect(view.center.lat).toBeCloseTo(UPINGTON.lat, 2);
    // 0.2 degrees in a 1280x800 window: the height decides, and the cap of 13 is not reached.
    expect(view.zoom).toBeGreaterThan(11);
    expect(view.zoom).toBeLessThan(13);
  });

  it('saves a fixed start, answers it in /api/config at once and keeps it across a restart', async () => {
    await uploadUpingtonLayer();
    const saved = await save({ mode: 'fixed', latitude: -33.9249, longitude: '18.4241', zoom: 9.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    const fixedView = { source: 'administrator', center: { lat: -33.9249, lng: 18.4241 }, zoom: 9.5, bounds: null };
    expect(saved.json()).toEqual({
      success: true,
      message: 'Public map start saved',
      data: { setting: { mode: 'fixed', latitude: -33.9249, longitude: 18.4241, zoom: 9.5 }, start_view: fixedView },
    });
    expect(await config()).toEqual(fixedView);
    await app.restart();
    expect(await config()).toEqual(fixedView);

    // Back to fitting the coverage: the numbers are dropped.
    const fit = await save({ mode: 'coverage', latitude: 1, longitude: 2, zoom: 3 });
    expect(fit.json().data.setting).toEqual({ mode: 'coverage', latitude: null, longitude: null, zoom: null });
    expect((await config()).source).toBe('coverage');
  });

  it('refuses a start out of range or incomplete with the field’s message, and keeps the saved one', async () => {
    const cases: [unknown, string][] = [
      [{ mode: 'fixed', latitude: 91, longitude: 18, zoom: 10 }, LATITUDE_MESSAGE],
      [{ mode: 'fixed', latitude: -33, longitude: 'east', zoom: 10 }, LONGITUDE_MESSAGE],
      [{ mode: 'fixed', latitude: -33, longitude: 18, zoom: 19 }, START_ZOOM_MESSAGE],
      [{ mode: 'fixed', latitude: -33, longitude: 18 }, FIXED_START_MISSING_MESSAGE],
    ];
    for (const [body, message] of cases) {
      const refused = await save(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().success).toBe(false);
      expect(refused.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await save({ mode: 'anywhere' })).statusCode).toBe(400);
    expect(await config()).toBeNull();
  });

  it('lets only a signed-in administrator read or change the setting', async () => {
    expect((await save({ mode: 'fixed', latitude: -33, longitude: 18, zoom: 10 }, {})).statusCode).toBe(401);
    expect((await app.server.inject({ method: 'GET', url: '/api/settings/public-map' })).statusCode).toBe(401);
    expect(await config()).toBeNull();
  });
});
