import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fibreKml, GREEN, kmlDocument, ORANGE, placemark, PNG_1X1, square, style } from '../test/support/kml.js';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { multipartBody } from '../test/support/multipart.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { choose, signedInAppPerTest } from './support/session.js';

describe.runIf(browserAvailable())('providers and coverage layers in the admin portal', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  let providerApi: LocalServer;

  beforeAll(async () => {
    // A provider's own coverage API, answering like a real one would.
    providerApi = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (req.headers['x-api-key'] !== 'secret-key') {
        res.statusCode = 401;
        res.end(JSON.stringify({ error: 'bad key' }));
        return;
      }
      res.end(JSON.stringify({ available: url.searchParams.get('lat') === '-33.9249', status: 'Active', services: 'Fibre, LTE' }));
    });
  });
  afterAll(async () => {
    await providerApi?.close();
  });
  signedInAppPerTest((session) => ({ live, page, token } = session), { ALLOW_PRIVATE_FETCH: 'true' });

  const notice = (text: string) => page.getByText(text, { exact: true }).waitFor();

  it('adds a provider with a logo, uploads a coloured KML, assigns statuses to its colours, and lists the layer', async () => {
    await page.goto('/admin/providers');
    await page.getByRole('button', { name: 'Add your first provider' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'providers without any');
    await page.getByRole('button', { name: 'Add your first provider' }).click();
    await page.getByRole('textbox', { name: 'Provider Name' }).fill('Overberg Fibre');
    await page.getByRole('textbox', { name: 'Contact Email' }).fill('hello@overberg.example');
    await page.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expectNoSeriousA11yViolations(page, 'provider form');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Provider created successfully!');
    const providerRow = page.getByRole('table', { name: 'Providers' }).getByRole('row', { name: /Overberg Fibre/ });
    await providerRow.waitFor();
    expect(await providerRow.locator('img').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'providers table');

    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Add your first coverage layer' }).click();
    await page.getByRole('textbox', { name: 'Layer Name' }).fill('Cape Town fibre');
    await choose(page, /^Provider/, 'Overberg Fibre');
    await page.getByRole('textbox', { name: 'Services' }).fill('Fiber, LTE');
    await page.getByLabel('KML file').setInputFiles({ name: 'fibre.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(fibreKml()) });
    await page.getByRole('img', { name: `Colour ${ORANGE.hex}` }).waitFor();
    expect(await page.getByRole('img', { name: `Colour ${GREEN.hex}` }).count()).toBe(1);
    await choose(page, `Status for ${ORANGE.hex}`, 'Live Service');
    await choose(page, `Status for ${GREEN.hex}`, 'In Progress');
    await page.getByRole('textbox', { name: `Description for ${ORANGE.hex}` }).fill('Fibre live');
    await expectNoSeriousA11yViolations(page, 'coverage layer upload with colour statuses');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Coverage layer created successfully!');

    const layerRow = page.getByRole('table', { name: 'Coverage layers' }).getByRole('row', { name: /Cape Town fibre/ });
    await layerRow.waitFor();
    const rowText = await layerRow.textContent();
    for (const text of ['Overberg Fibre', 'Fiber, LTE', 'Uploaded', 'Active']) expect(rowText).toContain(text);
    await expectNoSeriousA11yViolations(page, 'coverage layers table');

    // The statuses chosen in the browser are what the public check answers.
    const check = async (lat: number, lng: number) =>
      (await live.app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${lat}&lng=${lng}` })).json().data;
    expect((await check(-33.95, 18.44)).providers[0]).toMatchObject({ name: 'Overberg Fibre', service_status: 'live', services: ['Fiber', 'LTE'] });
    expect((await check(-33.92, 18.7)).providers[0].service_status).toBe('in_progress');
  });

  it('tells at once, in the provider dialog, that a text file named .png is not an image', async () => {
    await page.goto('/admin/providers');
    await page.getByRole('button', { name: 'Add your first provider' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
    const message = '“logo.png” is not a PNG, JPEG, WebP or GIF image: its content is not one, whatever its name says. Choose an image file.';
    await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
    expect(await dialog.getByRole('img', { name: 'Logo preview' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'provider form with a refused logo');

    await dialog.getByLabel('Logo file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await dialog.getByRole('img', { name: 'Logo preview' }).waitFor();
    expect(await dialog.getByText(message).count()).toBe(0);
  });

  it('offers the colours polygons use, with their counts, left to the layer default until assigned', async () => {
    const provider = multipartBody({ name: 'Overberg Fibre' });
    await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, authorization: `Bearer ${token}` },
    });
    // Orange: two placemarks; green: one; a road drawn in blue with lines only, no polygon.
    const kml = kmlDocument(
      style('live', ORANGE.kml),
      style('building', GREEN.kml),
      '<Style id="road"><LineStyle><color>ffff0000</color></LineStyle></Style>',
      placemark('Gardens', 'live', square(18.42, -33.92, 0.05)),
      placemark('Observatory', 'live', square(18.47, -33.8, 0.02)),
      placemark('Stellenbosch', 'building', square(18.7, -33.92, 0.05)),
      '<Placemark><name>Main Road</name><styleUrl>#road</styleUrl><LineString><coordinates>18.4,-33.9 18.5,-33.9</coordinates></LineString></Placemark>',
    );
    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Add your first coverage layer' }).click();
    await page.getByRole('textbox', { name: 'Layer Name' }).fill('Cape Town fibre');
    await choose(page, /^Provider/, 'Overberg Fibre');
    await page.getByRole('textbox', { name: 'Services' }).fill('Fiber');
    await choose(page, /^Default Status/, 'Coming Soon');
    await page.getByLabel('KML file').setInputFiles({ name: 'fibre.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(kml) });
    await notice('Found 2 colours in the file. Assign a status to each below.');
    expect(await page.getByText('2 polygons, e.g. Gardens', { exact: true }).count()).toBe(1);
    expect(await page.getByText('1 polygon, e.g. Stellenbosch', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('img', { name: 'Colour #0000ff' }).count()).toBe(0);
    for (const hex of [ORANGE.hex, GREEN.hex]) {
      const status = page.getByRole('combobox', { name: `Status for ${hex}` });
      expect(await status.textContent()).toBe('Use layer default (Coming Soon)');
      // Shown whole, not cut short with an ellipsis.
      expect(await status.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    if (process.env.E2E_SCREENSHOTS)
      await page.getByRole('region', { name: 'Colour status assignment' }).screenshot({ path: `${process.env.E2E_SCREENSHOTS}/colour-status-whole.png` });
    await choose(page, `Status for ${GREEN.hex}`, 'Live Service');
    await expectNoSeriousA11yViolations(page, 'coverage layer colours with counts');
    await page.getByRole('button', { name: 'Save' }).click();
    await notice('Coverage layer created successfully!');
    const layerRow = page.getByRole('table', { name: 'Coverage layers' }).getByRole('row', { name: /Cape Town fibre/ });
    await layerRow.waitFor();
    expect(await layerRow.textContent()).toContain('1 colour mapped');

    const check = async (lat: number, lng: number) =>
      (await live.app.server.inject({ method: 'GET', url: `/api/check_coverage?lat=${lat}&lng=${lng}` })).json().data;
    expect((await check(-33.95, 18.44)).providers[0].service_status).toBe('coming_soon');
    expect((await check(-33.92, 18.7)).providers[0].service_status).toBe('live');
  });

  it('switches the override on, with the SPEC message, for a KML without colours', async () => {
    const provider = multipartBody({ name: 'Plain Co' });
    await live.app.server.inject({
      method: 'POST',
      url: '/api/providers',
      payload: provider.payload,
      headers: { ...provider.headers, authorization: `Bearer ${token}` },
    });
    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Add your first coverage layer' }).click();
    const plain = fibreKml()
      .replace(/<Style id="[^"]+">.*?<\/Style>/g, '')
      .replace(/<styleUrl>[^<]*<\/styleUrl>/g, '');
    await page.getByLabel('KML file').setInputFiles({ name: 'plain.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(plain) });
    await notice('No colors detected in KML file. You can manually assign a status to all polygons.');
    expect(await page.getByLabel('Use manual status override').isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'coverage layer upload with the status override');

    await page
      .getByLabel('KML file')
      .setInputFiles({ name: 'bad.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from('this is not kml') });
    await notice('Could not analyze KML file colors');
  });

  it('tests a provider API against a local fake API and shows what it detected', async () => {
    await page.goto('/admin/providers');
    await page.getByRole('button', { name: 'Add your first provider' }).click();
    await page.getByRole('textbox', { name: 'Provider Name' }).fill('Api Wireless');
    await choose(page, /^Data Source/, 'API Endpoint');
    await page.getByRole('textbox', { name: 'API Endpoint URL' }).fill(`${providerApi.url}/coverage`);
    await choose(page, /^Authentication Type/, 'API key');
    await page.getByRole('textbox', { name: 'Header Name' }).fill('X-Api-Key');
    await page.getByRole('textbox', { name: 'API Key' }).fill('secret-key');
    await page.getByRole('textbox', { name: 'Coverage Field' }).fill('available');
    await page.getByRole('textbox', { name: 'Status Field' }).fill('status');
    await page.getByRole('textbox', { name: 'Services Field' }).fill('services');
    await page.getByRole('button', { name: 'Run API Test' }).click();
    await notice('API test completed successfully!');
    const result = page.getByRole('group', { name: 'API test result' });
    await result.waitFor();
    const text = await result.textContent();
    expect(text).toContain('Yes');
    expect(text).toContain('Live Service');
    expect(text).toContain('Fibre');
    expect(providerApi.requests.at(-1)?.headers['x-api-key']).toBe('secret-key');
    await expectNoSeriousA11yViolations(page, 'provider form with an API test result');

    await page.getByRole('textbox', { name: 'API Key' }).fill('wrong-key');
    await page.getByRole('button', { name: 'Run API Test' }).click();
    await page.getByText('API test failed').waitFor();
    await expectNoSeriousA11yViolations(page, 'provider form with a failed API test');
  });
});
