import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { kmlDocument, ORANGE, placemark, square, style } from '../test/support/kml.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { type SignedInApp, signedInAppPerTest } from './support/session.js';

/** A layer far from every fixed point of the maps (southern Cape, Pretoria): a 0.2 degree square around Upington. */
const UPINGTON = { lat: -28.45, lng: 21.25 };
/** The fixed start chosen in Settings: Bloemfontein at zoom 9. */
const BLOEMFONTEIN = { lat: -29.1211, lng: 26.214 };

/** The map's camera as BaseMap writes it on its element: "lat,lng" and the zoom. */
async function cameraOf(page: Page, mapName: string): Promise<{ lat: number; lng: number; zoom: number }> {
  const element = page.getByRole('region', { name: mapName, exact: true }).locator('[data-center]');
  const [lat, lng] = ((await element.getAttribute('data-center')) ?? 'NaN,NaN').split(',').map(Number);
  return { lat: lat!, lng: lng!, zoom: Number(await element.getAttribute('data-zoom')) };
}

/** Polls until the map's centre is within `degrees` of `point`. */
async function expectCentredOn(page: Page, mapName: string, point: { lat: number; lng: number }, degrees: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const camera = await cameraOf(page, mapName);
        return Math.abs(camera.lat - point.lat) < degrees && Math.abs(camera.lng - point.lng) < degrees;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

describe.runIf(browserAvailable())('where the public map opens', () => {
  let session: SignedInApp;
  signedInAppPerTest((started) => (session = started));

  async function uploadUpingtonLayer(): Promise<void> {
    const { live, token } = session;
    const provider = multipartBody({ name: 'Kalahari Fibre' });
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, ...bearer(token) },
    });
    expect(created.statusCode, created.body).toBe(200);
    const kml = kmlDocument(style('live', ORANGE.kml), placemark('Upington', 'live', square(UPINGTON.lng, UPINGTON.lat, 0.1)));
    const layer = multipartBody(
      {
        name: 'Upington fibre',
        provider_id: String(created.json().data.id),
        services: 'Fibre',
        color_mappings: JSON.stringify([{ color: ORANGE.hex, status: 'live', description: 'Live fibre' }]),
      },
      { field: 'kml_file', filename: 'upington.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(kml) },
    );
    const stored = await live.app.server.inject({
      method: 'POST',
      url: '/api/coverage_layers',
      payload: layer.payload,
      headers: { ...layer.headers, ...bearer(token) },
    });
    expect(stored.statusCode, stored.body).toBe(200);
  }

  it('opens on an uploaded layer, then on the fixed start chosen in Settings; an embed’s own location still wins', async () => {
    const { page } = session;
    await uploadUpingtonLayer();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    // Fitted to the 0.2 degree square: centred on it, zoomed in well past the default 10.
    await expectCentredOn(page, 'Coverage map', UPINGTON, 0.01);
    expect((await cameraOf(page, 'Coverage map')).zoom).toBeGreaterThan(10.5);
    if (process.env.E2E_SCREENSHOTS) {
      // The orange layer is drawn once its vector tile has come.
      await page.waitForResponse((response) => response.url().includes('/api/coverage_tiles/'), { timeout: 10_000 }).catch(() => undefined);
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/public-map-opens-on-layer.png` });
    }

    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Public map', exact: true });
    await card.getByText('The maps open fitted to your coverage', { exact: false }).waitFor();
    await card.getByRole('radio', { name: /A fixed start/ }).check();
    await card.getByRole('textbox', { name: 'Latitude' }).fill('95');
    await card.getByRole('textbox', { name: 'Longitude' }).fill(String(BLOEMFONTEIN.lng));
    await card.getByRole('textbox', { name: 'Zoom' }).fill('9');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Latitude must be a number from -90 to 90').waitFor();
    await card.getByRole('textbox', { name: 'Latitude' }).fill(String(BLOEMFONTEIN.lat));
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Public map start saved').waitFor();
    await card.getByText(`The maps open at ${BLOEMFONTEIN.lat.toFixed(4)}, ${BLOEMFONTEIN.lng.toFixed(4)} at zoom 9.0.`).waitFor();
    await expectNoSeriousA11yViolations(page, 'settings with the public map start');

    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await expectCentredOn(page, 'Coverage map', BLOEMFONTEIN, 0.001);
    expect((await cameraOf(page, 'Coverage map')).zoom).toBeCloseTo(9, 2);

    await page.goto('/embed');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await expectCentredOn(page, 'Coverage map', BLOEMFONTEIN, 0.001);
    await page.goto('/embed?location=-33.9,18.4&zoom=12');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await expectCentredOn(page, 'Coverage map', { lat: -33.9, lng: 18.4 }, 0.001);
    expect((await cameraOf(page, 'Coverage map')).zoom).toBeCloseTo(12, 2);
  });
});
