import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LocalServer, startLocalServer } from '../test/support/localServer.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { ADMIN, type LiveApp, startLiveApp } from './support/liveApp.js';
import { choose, chromiumPerFile } from './support/session.js';

describe.runIf(browserAvailable())('embedding the map on other websites', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let context: BrowserContext;
  let page: Page;
  let partner: LocalServer | undefined;

  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(async () => {
    await live?.close();
  });
  beforeEach(async () => {
    const login = await live.app.server.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const token: string = login.json().data.token;
    context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: live.baseUrl });
    await context.addInitScript((value) => localStorage.setItem('auth_token', value), token);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
    await partner?.close();
    partner = undefined;
  });

  /** The code shown in the copy block named `name`. */
  const codeOf = (name: string) => page.getByRole('region', { name, exact: true }).locator('code').textContent();

  /** Sets the generator to: no search bar, 450px high, 80% wide, dark, zoom 12, centred on Cape Town. */
  async function configureGenerator() {
    await page.goto('/admin/embed');
    await page.getByRole('heading', { name: 'Embed Code Generator' }).waitFor();
    await page.getByLabel('Show search bar').uncheck();
    await page.getByRole('textbox', { name: 'Height' }).fill('450px');
    await page.getByRole('textbox', { name: 'Width' }).fill('80%');
    await choose(page, 'Theme', 'Dark');
    await page.getByRole('spinbutton', { name: 'Zoom level' }).fill('12');
    await page.getByRole('textbox', { name: 'Location' }).fill('-33.9, 18.4');
  }

  it('builds the Embed URL, iframe, responsive and script code from the settings, and copies them', async () => {
    await page.goto('/admin/embed');
    await page.getByRole('heading', { name: 'Embed Code Generator' }).waitFor();
    expect(await codeOf('Embed URL')).toBe(`${live.baseUrl}/embed`);

    await configureGenerator();
    const query = 'search=false&height=450px&theme=dark&zoom=12&location=-33.9,18.4';
    expect(await codeOf('Embed URL')).toBe(`${live.baseUrl}/embed?${query}`);
    expect(await codeOf('Standard Iframe Code')).toBe(
      `<iframe src="${live.baseUrl}/embed?${query.replaceAll('&', '&amp;')}" width="80%" height="450px" style="border:0;width:80%;height:450px" loading="lazy" title="Internet coverage map" allow="geolocation"></iframe>`,
    );
    const responsive = page.getByRole('region', { name: 'Responsive Iframe Code' });
    expect(await responsive.getByText('Recommended', { exact: true }).isVisible()).toBe(true);
    const responsiveCode = await codeOf('Responsive Iframe Code');
    expect(responsiveCode).toContain('<div style="position:relative;padding-bottom:56.25%;height:0;overflow:hidden">');
    expect(responsiveCode).toContain(`src="${live.baseUrl}/embed?search=false&amp;height=100%25&amp;theme=dark&amp;zoom=12&amp;location=-33.9,18.4"`);
    expect(responsiveCode?.startsWith('<div style="width:80%">')).toBe(true);
    expect(await codeOf('Script Embed Code')).toBe(
      `<script src="${live.baseUrl}/embed.js" data-search="false" data-height="450px" data-theme="dark" data-zoom="12" data-location="-33.9,18.4" data-width="80%" async></script>`,
    );

    // Copying: the code reaches the clipboard and the confirmation shows for 2 s.
    await page.getByRole('button', { name: 'Copy Standard Iframe Code' }).click();
    const confirmation = page.getByText('Code copied to clipboard!', { exact: true });
    await confirmation.waitFor();
    const shownAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await codeOf('Standard Iframe Code'));
    await confirmation.waitFor({ state: 'hidden', timeout: 5_000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(1_500);
    expect(shownFor).toBeLessThan(3_500);

    await page.getByRole('button', { name: 'Copy Embed URL' }).click();
    await confirmation.waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${live.baseUrl}/embed?${query}`);
    await expectNoSeriousA11yViolations(page, 'embed code generator with code just copied');
  });

  it('falls back to zoom 10 with a message, and rejects a malformed location', async () => {
    await page.goto('/admin/embed');
    await page.getByRole('spinbutton', { name: 'Zoom level' }).fill('25');
    await page.getByText('Zoom must be a whole number from 1 to 18; using 10.').waitFor();
    await page.getByRole('textbox', { name: 'Location' }).fill('-33.9');
    await page.getByText('Location must be latitude,longitude, e.g. -25.7479,28.2293').waitFor();
    await page.getByRole('textbox', { name: 'Location' }).fill('-95,18.4');
    await page.getByText('Latitude must be between -90 and 90').waitFor();
    await page.getByRole('textbox', { name: 'Height' }).fill('"><script>alert(1)</script>');
    await page.getByText(/^Height must be a CSS length/).waitFor();
    await expectNoSeriousA11yViolations(page, 'embed code generator with validation messages');
    expect(await codeOf('Embed URL')).toBe(`${live.baseUrl}/embed`);
    expect(await codeOf('Standard Iframe Code')).toContain('height="600px"');
  });

  it('previews the embed in an 800x600 popup', async () => {
    await configureGenerator();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Preview Embed' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe(`${live.baseUrl}/embed?search=false&height=450px&theme=dark&zoom=12&location=-33.9,18.4`);
    const size = await popup.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    expect(size).toEqual({ width: 800, height: 600 });
  });

  it('runs the generated script embed on another website and fits each frame to its own map', async () => {
    await page.goto('/admin/embed');
    await page.getByRole('textbox', { name: 'Height' }).fill('450px');
    await page.getByRole('spinbutton', { name: 'Zoom level' }).fill('12');
    const scriptCode = await codeOf('Script Embed Code');
    expect(scriptCode).toBe(`<script src="${live.baseUrl}/embed.js" data-height="450px" data-zoom="12" async></script>`);

    // Other sites load the script with a plain <script> tag: a same-origin resource policy would block it.
    const script = await fetch(`${live.baseUrl}/embed.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cross-origin-resource-policy'), '/embed.js needs Cross-Origin-Resource-Policy: cross-origin').toBe('cross-origin');

    // A partner's page on another origin: the generated tag, and a second one placed by data-target
    // into an element that comes after it.
    partner = await startLocalServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><html><body style="margin:0">
        <script>
          window.globalsBefore = Object.keys(window);
          window.heights = [];
          window.addEventListener('message', function (e) { if (e.data && e.data.type === 'isp-coverage-embed-height') window.heights.push(e.data.height); });
        </script>
        <h1>Partner site</h1>
        ${scriptCode}
        <p>Text after the first map</p>
        <script src="${live.baseUrl}/embed.js" data-target="#second-map" data-height="300" data-theme="dark"></script>
        <div id="second-map"></div>
      </body></html>`);
    });
    const host = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    try {
      await host.goto(partner.url);
      const frames = host.locator('iframe');
      await expect.poll(() => frames.count(), { timeout: 10_000 }).toBe(2);

      const placement = await host.evaluate(() => {
        const [first, second] = Array.from(document.querySelectorAll('iframe'));
        return {
          firstSrc: first?.getAttribute('src'),
          firstAfterScript: first?.previousElementSibling?.tagName,
          firstTitle: first?.title,
          secondSrc: second?.getAttribute('src'),
          secondParent: second?.parentElement?.id,
        };
      });
      expect(placement).toEqual({
        firstSrc: `${live.baseUrl}/embed?height=450px&zoom=12`,
        firstAfterScript: 'SCRIPT',
        firstTitle: 'Internet coverage map',
        secondSrc: `${live.baseUrl}/embed?height=300px&theme=dark`,
        secondParent: 'second-map',
      });

      // Both maps report their heights to the partner page.
      await expect.poll(() => host.evaluate(() => (window as unknown as { heights: number[] }).heights.length), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      const frameHeight = (index: number) =>
        host
          .locator('iframe')
          .nth(index)
          .evaluate((el) => Math.round(el.getBoundingClientRect().height));
      await expect.poll(() => frameHeight(0), { timeout: 10_000 }).toBe(450);
      await expect.poll(() => frameHeight(1), { timeout: 10_000 }).toBe(300);

      // The first map grows: only its own frame follows.
      const firstMap = host.frames().find((frame) => frame.url().includes('height=450px'));
      expect(firstMap).toBeDefined();
      await firstMap!.evaluate(() => {
        document.body.style.minHeight = '777px';
      });
      await expect.poll(() => host.evaluate(() => (window as unknown as { heights: number[] }).heights.includes(777)), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => frameHeight(0), { timeout: 10_000 }).toBe(777);
      expect(await frameHeight(1)).toBe(300);

      // A message from any other window (here the partner page itself) is ignored. One dispatch runs
      // a page's 'message' listeners in the order they were added, so a listener added now runs
      // right after both of embed.js's and sees the frames as they left them (before a resized
      // frame could post its height again).
      const afterIgnored = await host.evaluate(
        () =>
          new Promise<number[]>((resolve) => {
            window.addEventListener('message', function record(event) {
              if (event.data?.height !== 5) return;
              window.removeEventListener('message', record);
              resolve(Array.from(document.querySelectorAll('iframe'), (frame) => Math.round(frame.getBoundingClientRect().height)));
            });
            window.postMessage({ type: 'isp-coverage-embed-height', height: 5 }, '*');
          }),
      );
      expect(afterIgnored).toEqual([777, 300]);
      expect(await frameHeight(0)).toBe(777);
      expect(await frameHeight(1)).toBe(300);

      // The script leaves no globals behind.
      const added = await host.evaluate(() => {
        const before = new Set((window as unknown as { globalsBefore: string[] }).globalsBefore);
        // Frames show up as window[0], window[1]: not globals of the script.
        return Object.keys(window).filter((key) => !before.has(key) && !/^\d+$/.test(key) && key !== 'globalsBefore' && key !== 'heights');
      });
      expect(added).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('documents the script embed on /widget with code for this site and runs the live example', async () => {
    await page.goto('/widget');
    await page.getByRole('heading', { name: 'Embeddable Widget', level: 1 }).waitFor();
    expect(await codeOf('Script Embed Code')).toBe(`<script src="${live.baseUrl}/embed.js" data-height="500px" data-zoom="11" async></script>`);
    const options = page.getByRole('table', { name: 'Script embed options' });
    for (const attribute of ['data-search', 'data-height', 'data-width', 'data-theme', 'data-zoom', 'data-location', 'data-target']) {
      expect(await options.getByText(attribute, { exact: true }).count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Show live example' }).click();
    const example = page.getByTestId('widget-live-example').locator('iframe');
    await example.waitFor();
    expect(await example.getAttribute('src')).toBe(`${live.baseUrl}/embed?height=500px&zoom=11`);
    await expect.poll(() => example.evaluate((el) => Math.round(el.getBoundingClientRect().height)), { timeout: 20_000 }).toBe(500);
  });

  it('edits the allowed embedding domains, which then restrict who may frame /embed', async () => {
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Embedding' });
    await card.getByText('Any website may embed the map.', { exact: false }).waitFor();
    await card.getByRole('textbox', { name: 'Add domain' }).fill('not a domain!');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByText('Each domain must look like example.com, *.example.com or https://example.com').waitFor();
    await card.getByRole('textbox', { name: 'Add domain' }).fill('Partner.example.com, *.isp.example.org');
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await card.getByRole('list', { name: 'Allowed domains' }).getByText('partner.example.com', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'embed settings with allowed domains');
    await card.getByRole('textbox', { name: 'Add domain' }).fill('https://shop.example.net/coverage');
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Embed settings saved', { exact: true }).waitFor();

    const saved = await live.app.server.inject({ method: 'GET', url: '/api/settings/embed', headers: { authorization: `Bearer ${await token()}` } });
    expect(saved.json().data.allowed_domains).toEqual(['partner.example.com', '*.isp.example.org', 'https://shop.example.net']);
    const embedCsp = (await fetch(`${live.baseUrl}/embed`)).headers.get('content-security-policy') ?? '';
    expect(embedCsp).toContain('https://partner.example.com');
    expect(embedCsp).not.toContain('frame-ancestors *');

    // Removing every domain opens embedding to any site again.
    for (const domain of ['partner.example.com', '*.isp.example.org', 'https://shop.example.net']) {
      await card.getByRole('button', { name: new RegExp(`^${domain.replace(/[.*]/g, '\\$&')}`) }).press('Delete');
    }
    await card.getByText('Any website may embed the map.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Embed settings saved', { exact: true }).waitFor();
    await expect.poll(async () => (await fetch(`${live.baseUrl}/embed`)).headers.get('content-security-policy')).toContain('frame-ancestors *');
  });

  it('imports addresses from CSV, lists the rows it skipped by line, and clears them after confirmation', async () => {
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Address Book' });
    await card.getByText('No imported addresses yet').waitFor();
    const csv = ['label,lat,lng', '"12 Marine Drive, Hermanus",-34.4187,19.2345', 'Nowhere,95,19', 'Gansbaai Harbour,-34.5805,19.3475'].join('\n');
    await card.getByLabel('Address CSV file').setInputFiles({ name: 'addresses.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const result = card.getByRole('alert', { name: 'Import result' });
    await result.getByText('Imported 2 addresses', { exact: true }).waitFor();
    expect(await result.getByRole('list', { name: 'Import errors' }).textContent()).toMatch(/^Line 3: /);
    await card.getByText('2 imported addresses').waitFor();
    await expectNoSeriousA11yViolations(page, 'address book import result');

    const search = await live.app.server.inject({ method: 'GET', url: '/api/search_addresses?q=Marine%20Drive' });
    expect(search.json().data[0]).toMatchObject({ label: '12 Marine Drive, Hermanus', lat: -34.4187, lng: 19.2345 });

    await card.getByRole('button', { name: 'Clear imported addresses' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear imported addresses?' });
    await dialog.getByText('Are you sure you want to delete all imported addresses?').waitFor();
    await expectNoSeriousA11yViolations(page, 'address book clear confirmation');
    await dialog.getByRole('button', { name: 'Clear addresses' }).click();
    await card.getByText('No imported addresses yet').waitFor();
  });

  /** A fresh admin token for API calls made by the test itself. */
  async function token(): Promise<string> {
    const login = await live.app.server.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    return login.json().data.token as string;
  }
});
