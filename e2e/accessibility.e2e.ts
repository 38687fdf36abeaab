import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fibreKml } from '../test/support/kml.js';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { multipartBody } from '../test/support/multipart.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { choose, signedInAppPerTest } from './support/session.js';

/**
 * The screens and dialogs no other browser test opens, checked with axe-core: the other flows
 * check theirs at the moment each is open (support/accessibility.ts).
 */
describe.runIf(browserAvailable())('accessibility of the screens no flow opens', () => {
  let providerApi: LocalServer;
  let live: LiveApp;
  let page: Page;
  let token: string;

  beforeAll(async () => {
    providerApi = await startLocalServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ available: true, status: 'Active', services: 'LTE' }));
    });
  });
  afterAll(async () => {
    await providerApi?.close();
  });
  signedInAppPerTest((session) => ({ live, page, token } = session), { ALLOW_PRIVATE_FETCH: 'true' });
  beforeEach(async () => {
    const post = async (url: string, body: ReturnType<typeof multipartBody>) => {
      const response = await live.app.server.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as number;
    };
    const fibre = await post('/api/providers', multipartBody({ name: 'Overberg Fibre' }));
    await post(
      '/api/providers',
      multipartBody({ name: 'Api Wireless', data_source: 'api_endpoint', api_endpoint_url: `${providerApi.url}/coverage`, api_auth_type: 'none' }),
    );
    await post(
      '/api/coverage_layers',
      multipartBody(
        { name: 'Cape Town fibre', provider_id: String(fibre), services: 'Fibre' },
        { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
      ),
    );
  });

  it("providers: the delete confirmation, a saved provider's API test and the My Maps fields", async () => {
    await page.goto('/admin/providers');
    await page.getByRole('button', { name: 'Delete Overberg Fibre' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Overberg Fibre?' });
    await confirm.getByText('Are you sure you want to delete this provider?').waitFor();
    await expectNoSeriousA11yViolations(page, 'provider delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Test API Api Wireless' }).click();
    const test = page.getByRole('dialog', { name: 'Test API: Api Wireless' });
    await test.getByRole('button', { name: 'Run API Test' }).click();
    await test.getByRole('group', { name: 'API test result' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'saved provider API test');
    await test.getByRole('button', { name: 'Close' }).click();
    await test.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Add Provider' }).click();
    await choose(page, /^Data Source/, 'Google My Maps');
    await page.getByRole('textbox', { name: 'My Maps URL' }).fill('https://example.com/not-my-maps');
    await page.getByRole('button', { name: 'Check URL' }).click();
    await page.getByText('This is not a Google My Maps link', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'provider form with My Maps fields');
  });

  it('coverage: the layer edit dialog and the delete confirmation', async () => {
    await page.goto('/admin/coverage');
    await page.getByRole('button', { name: 'Edit Cape Town fibre' }).click();
    await page.getByRole('dialog', { name: 'Edit Coverage Layer' }).getByRole('textbox', { name: 'Layer Name' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'coverage layer edit');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Delete Cape Town fibre' }).click();
    await page.getByRole('dialog', { name: 'Delete Cape Town fibre?' }).getByText('Are you sure you want to delete this coverage layer?').waitFor();
    await expectNoSeriousA11yViolations(page, 'coverage layer delete confirmation');
  });

  it('small screens: the public map and the admin navigation drawer', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'public map on a phone');

    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'open navigation' }).click();
    await page.getByRole('dialog', { name: 'Navigation menu' }).getByRole('link', { name: 'Towers' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'admin navigation drawer');
  });
});
