import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../test/support/testApp.js';
import { browserAvailable } from './support/chromium.js';
import { type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

/** A point 2.8 km from the only tower, on flat ground (no terrain tiles): no provider covers it. */
const NEAR_TOWER = '-33.9, 18.52';
const FAR_AWAY = '-30, 25';
const NO_COVERAGE = 'No coverage available at this location yet. Check back later!';

describe.runIf(browserAvailable())('public check answered by a wireless tower alone', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  beforeEach(async () => {
    live = await startLiveApp();
    token = await signIn(live.app);
    const tower = await live.app.server.inject({
      method: 'POST',
      url: '/api/towers',
      payload: { name: 'East Hill', latitude: -33.9, longitude: 18.55, height_meters: 40 },
      headers: bearer(token),
    });
    expect(tower.statusCode, tower.body).toBe(200);
    context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    await live?.close();
  });

  const searchBox = () => page.getByRole('combobox', { name: 'Search address or coordinates' });
  const results = () => page.getByRole('dialog', { name: 'Coverage Results' });
  const offer = () => results().getByRole('listitem', { name: 'Fixed Wireless' });

  async function check(text: string): Promise<void> {
    await searchBox().fill(text);
    await searchBox().press('Enter');
  }

  it('shows the wireless offer (tower, signal, speed, message) instead of "no coverage", and takes a contact request', async () => {
    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await check(NEAR_TOWER);
    await offer().waitFor();
    await results().getByText('Fixed wireless service is available at this location', { exact: true }).waitFor();
    const text = (await offer().textContent()) ?? '';
    expect(text).toContain('East Hill');
    expect(text).toContain('Excellent signal');
    expect(text).toMatch(/Estimated speed: Up to \d+ Mbps/);
    expect(text).toContain('Wireless service is available from East Hill');
    expect(text).toContain('Serviceable with a roof antenna');
    // How likely, in the public words (issue 21 §4): an excellent signal clears the profile's least usable one by far.
    expect(await offer().getByText('Service very likely', { exact: true }).count()).toBe(1);
    expect(await results().getByText(NO_COVERAGE).count()).toBe(0);

    await offer().getByRole('button', { name: 'Contact Us' }).click();
    const lead = page.getByRole('dialog', { name: 'Contact Provider' });
    await lead.getByText('General Inquiry').waitFor();
    await lead.getByRole('textbox', { name: 'Name' }).fill('Lindiwe Khumalo');
    await lead.getByRole('textbox', { name: 'Email' }).fill('lindiwe@example.org');
    await lead.getByRole('button', { name: 'Submit Request' }).click();
    await lead.getByText(/Thank you!/).waitFor();
    await expect.poll(async () => (await live.app.db.kysely.selectFrom('leads').selectAll().execute()).length).toBe(1);
    const [stored] = await live.app.db.kysely.selectFrom('leads').selectAll().execute();
    expect(stored).toMatchObject({ provider_id: null, lead_type: 'contact_request', name: 'Lindiwe Khumalo' });
  });

  it('names the customer antenna the spot needs when the roof antenna is not enough', async () => {
    // No signal clears the roof antenna's bar of -30 dBm; the dish takes anything above -120 dBm.
    const saved = await live.app.server.inject({
      method: 'PUT',
      url: '/api/settings/radio',
      headers: bearer(token),
      payload: {
        cpe_profiles: [
          { name: 'Roof antenna', gain_dbi: 23, height_m: 6, least_usable_signal_dbm: -30, is_default: true },
          { name: 'Long-range dish', gain_dbi: 30, height_m: 8, least_usable_signal_dbm: -120, is_default: false },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await check(NEAR_TOWER);
    await offer().getByText('Needs a long-range dish', { exact: true }).waitFor();
    expect(await offer().textContent()).toMatch(
      /Wireless service is available from East Hill, [\d.]+ km away, with an? \w+ signal, but it needs a long-range dish\./,
    );
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/public-check-needs-dish.png` });
  });

  it('still says "no coverage" where no tower reaches', async () => {
    await page.goto('/');
    await page.waitForSelector('canvas.maplibregl-canvas', { timeout: 20_000 });
    await check(FAR_AWAY);
    await results().getByText(NO_COVERAGE).waitFor();
    expect(await offer().count()).toBe(0);
  });
});
