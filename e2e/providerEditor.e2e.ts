import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { fibreKml } from '../test/support/kml.js';
import { multipartBody } from '../test/support/multipart.js';
import { teamUser } from '../test/support/teamUsers.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

/** One provider's records as the owner seeded them. */
interface Seeded {
  providerId: number;
  towerId: number;
}

describe.runIf(browserAvailable())('a provider editor in the admin portal', () => {
  let live: LiveApp;
  let ownerToken: string;
  let ownerPage: Page;
  signedInAppPerTest((session) => ({ live, token: ownerToken, page: ownerPage } = session));

  const inject = async (method: 'POST' | 'GET', url: string, body: { payload?: object; form?: ReturnType<typeof multipartBody> }) => {
    const response = await live.app.server.inject({
      method,
      url,
      headers: { authorization: `Bearer ${ownerToken}`, ...(body.form?.headers ?? {}) },
      ...(body.form ? { payload: body.form.payload } : body.payload ? { payload: body.payload } : {}),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; provider_id: number | null };
  };

  /** A provider with a coverage layer and a tower, made by the owner through the API. */
  const seed = async (name: string): Promise<Seeded> => {
    const provider = await inject('POST', '/api/providers', { form: multipartBody({ name }) });
    await inject('POST', '/api/coverage_layers', {
      form: multipartBody(
        { name: `${name} fibre`, provider_id: String(provider.id), services: 'Fibre' },
        { field: 'kml_file', filename: 'fibre.kml', contentType: 'application/vnd.google-earth.kml+xml', bytes: Buffer.from(fibreKml()) },
      ),
    });
    const tower = await inject('POST', '/api/towers', {
      payload: { name: `${name} mast`, latitude: -33.9, longitude: 18.4, height_meters: 30, provider_id: provider.id },
    });
    return { providerId: provider.id, towerId: tower.id };
  };

  /** A page of the editor's own browser context, signed in as a provider editor of `providerId` (created straight in the database). */
  const editorPage = async (providerId: number): Promise<Page> => {
    const { token } = await teamUser(live.app, { username: 'alpha-editor', role: 'provider_editor', providerIds: [providerId] });
    // The block's Chromium (the owner's page runs in it), in a context of the editor's own.
    const context = await ownerPage
      .context()
      .browser()!
      .newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    return page;
  };

  let alpha: Seeded;
  let bravo: Seeded;
  beforeEach(async () => {
    alpha = await seed('Alpha');
    bravo = await seed('Bravo');
    await inject('POST', '/api/towers', { payload: { name: 'Operator mast', latitude: -33.8, longitude: 18.5, height_meters: 20 } });
  });

  it("sees only their provider's records on Providers, Coverage and Towers, adds a tower of their own, and finds another provider's tower not found", async () => {
    const page = await editorPage(alpha.providerId);
    try {
      await page.goto('/admin/providers');
      const providers = page.getByRole('table', { name: 'Providers' });
      await providers.getByRole('row', { name: /Alpha/ }).waitFor();
      expect(await providers.getByRole('row', { name: /Bravo/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Add Provider' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Delete Alpha' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Edit Alpha' }).count()).toBe(1);
      await expectNoSeriousA11yViolations(page, "an editor's providers");

      await page.goto('/admin/coverage');
      const layers = page.getByRole('table', { name: 'Coverage layers' });
      await layers.getByRole('row', { name: /Alpha fibre/ }).waitFor();
      expect(await layers.getByRole('row', { name: /Bravo fibre/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Add Coverage Layer' }).click();
      const layerDialog = page.getByRole('dialog', { name: 'Add New Coverage Layer' });
      await layerDialog.getByRole('combobox', { name: /^Provider/ }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['Alpha']);
      await page.keyboard.press('Escape');
      await expectNoSeriousA11yViolations(page, "an editor's layer dialog");
      await layerDialog.getByRole('button', { name: 'Cancel' }).click();

      await page.goto('/admin/towers');
      const towers = page.getByRole('table', { name: 'Towers' });
      await towers.getByRole('row', { name: /Alpha mast/ }).waitFor();
      expect(await towers.getByRole('row', { name: /Bravo mast|Operator mast/ }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Bulk Import' }).count()).toBe(0);
      await expectNoSeriousA11yViolations(page, "an editor's towers");

      await page.getByRole('button', { name: 'Add Tower', exact: true }).click();
      const towerDialog = page.getByRole('dialog', { name: 'Add New Tower' });
      const owner = towerDialog.getByRole('combobox', { name: /^Provider/ });
      // A new tower starts as the editor's provider's; the operator is not offered.
      await expect.poll(() => owner.textContent()).toBe('Alpha');
      await owner.click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['Alpha']);
      await page.keyboard.press('Escape');
      await expectNoSeriousA11yViolations(page, "an editor's tower dialog");
      await towerDialog.getByRole('textbox', { name: 'Tower Name' }).fill('Alpha relay');
      await towerDialog.getByRole('button', { name: 'Add Tower' }).click();
      await page.getByText('Tower created successfully', { exact: true }).waitFor();
      await towers.getByRole('row', { name: /Alpha relay/ }).waitFor();
      const stored = (await live.app.server.inject({ method: 'GET', url: '/api/towers', headers: { authorization: `Bearer ${ownerToken}` } })).json()
        .data as Array<{
        name: string;
        provider_id: number | null;
      }>;
      expect(stored.find((tower) => tower.name === 'Alpha relay')?.provider_id).toBe(alpha.providerId);

      await page.goto(`/admin/towers?tower=${bravo.towerId}`);
      await page.getByRole('alert').filter({ hasText: 'Tower not found' }).waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, "another provider's tower by its link");

      // Their own tower's link opens its dialog.
      await page.goto(`/admin/towers?tower=${alpha.towerId}`);
      await page.getByRole('dialog', { name: 'Edit Tower' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Edit Tower' }).getByRole('textbox', { name: 'Tower Name' }).inputValue()).toBe('Alpha mast');
    } finally {
      await page.context().close();
    }
  });
});
