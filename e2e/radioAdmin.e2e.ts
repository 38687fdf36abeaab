import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForFootprints } from '../test/support/footprints.js';
import { multipartBody } from '../test/support/multipart.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { choose, signedInAppPerTest } from './support/session.js';

/** A vendor's 65° sector as a Planet/MSI file: 3 dB down at ±32.5° (the 3GPP curve), a 7° vertical beam (6.9° read from its 1° table at two decimals). */
function msiFile(name: string, horizontalBeamDeg = 65): string {
  const cut = (beamDeg: number, floorDb: number) =>
    Array.from({ length: 360 }, (_, deg) => `${deg} ${Math.min(12 * (Math.min(deg, 360 - deg) / beamDeg) ** 2, floorDb).toFixed(2)}`);
  return [`NAME ${name}`, 'GAIN 17 dBi', 'HORIZONTAL 360', ...cut(horizontalBeamDeg, 25), 'VERTICAL 360', ...cut(7, 20)].join('\n');
}

const shot = async (page: Page, name: string, fullPage = true) => {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage });
};

describe.runIf(browserAvailable())('sectors, antenna patterns and the radio model in the admin portal', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await live.app.server.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
    return response.json();
  };
  const uploadPattern = async (name: string) => {
    const body = multipartBody({}, { field: 'file', filename: `${name}.msi`, contentType: 'text/plain', bytes: Buffer.from(msiFile(name)) });
    const response = await live.app.server.inject({
      method: 'POST',
      url: '/api/antenna_patterns',
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; name: string };
  };
  const notice = (text: string) => page.getByText(text, { exact: true }).waitFor();

  it('uploads a pattern file in the library and shows it with its beamwidths and polar plots; a bad file is refused in the dialog, naming the line, nothing lost', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Antenna patterns' });
    await card.getByRole('row', { name: /Generic 90° sector/ }).waitFor();
    // The built-ins: each with its beam, none deletable.
    await card
      .getByRole('row', { name: /Generic 90° sector/ })
      .getByRole('cell', { name: '90° × 6°', exact: true })
      .waitFor();
    expect(await card.getByRole('button', { name: /^Delete Generic/ }).count()).toBe(0);

    await card.getByRole('button', { name: 'Upload Pattern' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Antenna Pattern' });
    await dialog.waitFor();
    const broken = msiFile('Vendor 65').replace('\n100 ', '\n100 loud ');
    await dialog.getByLabel('Pattern files').setInputFiles({ name: 'vendor65.msi', mimeType: 'text/plain', buffer: Buffer.from(broken) });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Vendor 65 sector');
    // A Planet/MSI file carries its gain: no gain asked for.
    expect(await dialog.getByRole('spinbutton', { name: 'Peak gain' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const refusal = await dialog.getByRole('alert').textContent();
    expect(refusal).toMatch(/vendor65\.msi/);
    expect(refusal).toMatch(/Line 104: expected 360 horizontal values/);
    await expectNoSeriousA11yViolations(page, 'pattern upload refused');
    await shot(page, 'pattern-upload-refused', false);
    // Nothing lost: the file and the name are still there to send again once fixed.
    expect(await dialog.getByTestId('chosen-pattern-files').textContent()).toBe('vendor65.msi');
    expect(await dialog.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Vendor 65 sector');
    expect((await api('GET', '/api/antenna_patterns')).data).toHaveLength(4);

    await dialog.getByLabel('Pattern files').setInputFiles({ name: 'vendor65.msi', mimeType: 'text/plain', buffer: Buffer.from(msiFile('Vendor 65')) });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await notice('Antenna pattern uploaded successfully');
    const row = card.getByRole('row', { name: /Vendor 65 sector/ });
    await row.getByRole('cell', { name: '65° × 6.9°', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Planet / MSI', exact: true }).waitFor();
    await row.getByRole('cell', { name: '17 dBi', exact: true }).waitFor();
    await row.getByRole('cell', { name: 'No sectors', exact: true }).waitFor();

    // The new pattern is plotted: both cuts, a trace of 360 points each.
    const plots = card.getByRole('region', { name: 'Polar plots of Vendor 65 sector' });
    for (const title of ['Horizontal pattern', 'Vertical pattern']) {
      const plot = plots.getByRole('img', { name: title });
      await plot.waitFor();
      expect((await plot.locator('path').getAttribute('d'))?.split('L')).toHaveLength(360);
    }
    await expectNoSeriousA11yViolations(page, 'antenna pattern library');
    await card.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/antenna-patterns-1280.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/antenna-patterns-phone.png` });
  }, 150_000);

  it('adds a sector with an uploaded pattern to a tower and draws its wedge and its footprint on the towers map; a server refusal lands on its field', async () => {
    const tower = (
      await api('POST', '/api/towers', {
        name: 'Signal Hill',
        latitude: -33.918,
        longitude: 18.403,
        height_meters: 18,
        antenna_height_meters: 4,
        coverage_radius_km: 5,
      })
    ).data as { id: number };
    const vendor = await uploadPattern('Vendor 65');
    const doomed = await uploadPattern('Doomed');
    // The overlay tiles that came with content, by the footprints' version in their address (?v=tower@time,...).
    const drawnVersions: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/wireless_tiles/') && response.status() === 200) drawnVersions.push(url.searchParams.get('v') ?? '');
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/towers');
    await page.getByRole('button', { name: 'Edit Signal Hill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tower' });
    await dialog.getByText('No sectors: an omni antenna.').waitFor();
    await dialog.getByRole('button', { name: 'Add Sector' }).click();
    const sectorDialog = page.getByRole('dialog', { name: 'Add Sector' });
    await sectorDialog.getByRole('textbox', { name: 'Sector Name' }).fill('East');
    await sectorDialog.getByRole('spinbutton', { name: 'Azimuth' }).fill('90');
    await sectorDialog.getByRole('spinbutton', { name: 'Down-tilt' }).fill('2');
    // Blank height: the tower's 18 m + 4 m.
    expect(await sectorDialog.getByRole('spinbutton', { name: 'Height' }).getAttribute('placeholder')).toBe('22');
    await choose(page, 'Antenna Pattern', 'Doomed: 17 dBi, 65° × 6.9° beam');
    // The pattern goes from the library meanwhile: only the server can tell.
    expect((await api('DELETE', `/api/antenna_patterns/${doomed.id}`)).success).toBe(true);
    await sectorDialog.getByRole('button', { name: 'Add Sector' }).click();
    const patternField = sectorDialog.locator('.MuiFormControl-root', { has: page.getByRole('combobox', { name: 'Antenna Pattern' }) });
    await patternField.getByText(/^Antenna pattern not found/).waitFor();
    await expectNoSeriousA11yViolations(page, 'sector dialog with a server refusal');
    await shot(page, 'sector-refused', false);

    await choose(page, 'Antenna Pattern', 'Vendor 65: 17 dBi, 65° × 6.9° beam');
    await sectorDialog.getByRole('button', { name: 'Add Sector' }).click();
    await notice('Sector added successfully');
    const sectorAddedAt = new Date().toISOString();
    const sectorRow = dialog.getByRole('row', { name: /East/ });
    await sectorRow.getByText('Vendor 65').waitFor();
    expect(await sectorRow.textContent()).toContain('22 m (tower');
    const stored = (await api('GET', `/api/towers/${tower.id}`)).data.sectors;
    expect(stored).toMatchObject([{ name: 'East', azimuth_deg: 90, downtilt_deg: 2, antenna_pattern_id: vendor.id, height_m: null, active: true }]);
    await expectNoSeriousA11yViolations(page, 'tower dialog with a sector');
    await dialog.getByRole('region', { name: 'Sectors' }).scrollIntoViewIfNeeded();
    await shot(page, 'tower-dialog-sectors-1280', false);
    await page.setViewportSize({ width: 390, height: 844 });
    await dialog.getByRole('region', { name: 'Sectors' }).scrollIntoViewIfNeeded();
    await shot(page, 'tower-dialog-sectors-phone', false);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The wedge is a map feature: a click inside it (east of the tower, within ±32.5° of east) names
    // the sector, its azimuth and beam; outside the beam, or west of the tower, nothing.
    const map = page.getByRole('region', { name: 'Tower map' });
    await page.getByRole('list', { name: 'Map legend' }).getByText('Sector (half-power beam)').waitFor();
    const canvas = map.locator('canvas');
    const box = (await canvas.boundingBox())!;
    const popup = page.locator('.maplibregl-popup-content');
    const clickAt = async (bearingDeg: number, pixels: number) => {
      const rad = (bearingDeg * Math.PI) / 180;
      await canvas.click({ position: { x: box.width / 2 + pixels * Math.sin(rad), y: box.height / 2 - pixels * Math.cos(rad) } });
    };
    const sectorText = 'Signal Hill, sector East: azimuth 90°, half-power beam 65°, down-tilt 2°';
    await expect
      .poll(async () => {
        await clickAt(90, 60);
        return popup.textContent({ timeout: 500 }).catch(() => null);
      })
      .toBe(sectorText);
    await clickAt(90 + 25, 60);
    expect(await popup.textContent()).toBe(sectorText);
    for (const [bearing, pixels] of [
      [90 + 45, 60],
      [90 - 45, 60],
      [270, 60],
    ] as const) {
      await clickAt(bearing, pixels);
      expect(await popup.count(), `bearing ${bearing}`).toBe(0);
    }
    // The sector's own footprint: once ready, the map fetches the overlay's tiles of that footprint and draws them.
    const sectorFootprint = async () => {
      const states = (await api('GET', '/api/towers/footprints')).data as Array<{ tower_id: number; status: string; updated_at: string }>;
      const state = states.find((candidate) => candidate.tower_id === tower.id);
      return state?.status === 'ready' && state.updated_at > sectorAddedAt ? state.updated_at : null;
    };
    await expect.poll(sectorFootprint, { timeout: 60_000 }).not.toBeNull();
    const readyAt = (await sectorFootprint())!;
    await page
      .getByRole('row', { name: /Signal Hill/ })
      .getByText('Ready', { exact: true })
      .waitFor();
    await expect.poll(() => drawnVersions.includes(`${tower.id}@${readyAt}`), { timeout: 15_000 }).toBe(true);
    await shot(page, 'towers-map-sector-1280');

    // Bulk import: sector rows are explained, and counted apart from the towers.
    await page.getByRole('button', { name: 'Bulk Import' }).first().click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Import Towers' });
    expect(await bulk.getByRole('region', { name: 'Sectors (optional)' }).textContent()).toContain('sector_of');
    await bulk
      .getByRole('textbox', { name: 'Tower data (JSON)' })
      .fill(
        `[{"name": "Kommetjie", "code": "KM-1", "latitude": -34.14, "longitude": 18.33, "height_meters": 20, "sectors": [{"name": "West", "azimuth_deg": 270, "antenna_pattern_id": ${vendor.id}}]},\n` +
          `{"sector_of": "KM-1", "name": "South", "azimuth_deg": 180, "antenna_pattern_id": 2}]`,
      );
    await bulk.getByText('1 tower and 2 sectors ready to import', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'bulk import with sectors');
    await bulk.getByRole('button', { name: 'Import Towers' }).click();
    await bulk.waitFor({ state: 'hidden' });
    const imported = ((await api('GET', '/api/towers')).data as Array<{ name: string; sectors: Array<{ name: string }> }>).find((t) => t.name === 'Kommetjie');
    expect(imported?.sectors.map((sector) => sector.name).sort()).toEqual(['South', 'West']);
    await page.setViewportSize({ width: 390, height: 844 });
    await map.scrollIntoViewIfNeeded();
    await shot(page, 'towers-map-sector-phone');
  }, 150_000);

  it('changes the propagation model and a CPE profile, saves, and finds them kept after a reload', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/settings');
    const card = page.getByRole('region', { name: 'Radio model' });
    await card.getByRole('combobox', { name: 'Propagation model' }).waitFor();
    expect(await card.getByRole('combobox', { name: 'Propagation model' }).textContent()).toBe('ITM (Longley-Rice), recommended');
    await card.getByText('Saving recomputes the wireless footprints of every tower with these settings.').waitFor();

    // The contract's own messages, by field, before anything is sent.
    await card.getByRole('textbox', { name: 'Time' }).fill('100');
    await card.getByRole('textbox', { name: 'Profile 2 name' }).fill('roof antenna');
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByText('Time must be a percentage above 0 and below 100').waitFor();
    await card.getByText('Each CPE profile needs a different name').waitFor();
    await expectNoSeriousA11yViolations(page, 'radio model with validation messages');

    await card.getByRole('textbox', { name: 'Time' }).fill('90');
    await card.getByRole('textbox', { name: 'Profile 2 name' }).fill('Long-range dish');
    await choose(page, 'Propagation model', 'Free space + knife edge');
    expect(await card.getByRole('textbox', { name: 'Time' }).isDisabled()).toBe(true);
    await card.getByRole('textbox', { name: 'Clutter height' }).fill('12');
    await card.getByRole('button', { name: 'Add profile' }).click();
    await card.getByRole('textbox', { name: 'Profile 3 name' }).fill('Mast dish');
    await card.getByRole('radio', { name: 'Profile 3 is the default' }).check();
    await card.getByRole('button', { name: 'Save' }).click();
    await notice('Radio settings saved');
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/radio-model-1280.png` });

    const saved = (await api('GET', '/api/settings/radio')).data;
    expect(saved).toMatchObject({ model: 'free_space_knife_edge', clutter_height_m: 12, itm: { time_percent: 90 } });
    expect(saved.cpe_profiles.map((profile: { name: string; is_default: boolean }) => [profile.name, profile.is_default])).toEqual([
      ['Roof antenna', false],
      ['Long-range dish', false],
      ['Mast dish', true],
    ]);

    await page.reload();
    await card.getByRole('combobox', { name: 'Propagation model' }).waitFor();
    expect(await card.getByRole('combobox', { name: 'Propagation model' }).textContent()).toBe('Free space + knife edge');
    expect(await card.getByRole('textbox', { name: 'Clutter height' }).inputValue()).toBe('12');
    expect(await card.getByRole('radio', { name: 'Profile 3 is the default' }).isChecked()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    if (process.env.E2E_SCREENSHOTS) await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/radio-model-phone.png` });
  }, 150_000);

  it('recomputes the footprints after the propagation model is changed: Towers shows them queued or computing, then ready at a new time', async () => {
    // Flat ground (no terrain tiles). The worker takes the towers by name, one at a time: the one
    // watched comes last, so it waits its turn while the others are computed again.
    for (const [i, name] of ['Alpha Mast', 'Bravo Mast', 'Charlie Mast', 'Delta Mast', 'Echo Mast', 'Zulu Mast'].entries()) {
      const created = await api('POST', '/api/towers', { name, latitude: -33.9 - i / 100, longitude: 18.4, height_meters: 30, coverage_radius_km: 10 });
      expect(created.success, JSON.stringify(created)).toBe(true);
    }
    await waitForFootprints(live.app, token);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/towers');
    const row = page.getByRole('row', { name: /Zulu Mast/ });
    /** The time the row says the ready footprint was computed; null while it is not ready. */
    const computedAt = async () => /Ready\s*Computed (\d+ \w+, \d\d:\d\d:\d\d)/.exec((await row.textContent()) ?? '')?.[1] ?? null;
    await expect.poll(computedAt, { timeout: 20_000 }).not.toBeNull();
    const before = await computedAt();

    const menu = page.getByRole('navigation', { name: 'Admin navigation' });
    await menu.getByRole('link', { name: 'Settings' }).click();
    const card = page.getByRole('region', { name: 'Radio model' });
    await card.getByRole('combobox', { name: 'Propagation model' }).waitFor();
    await choose(page, 'Propagation model', 'Free space + knife edge');
    await card.getByRole('button', { name: 'Save' }).click();
    await notice('Radio settings saved');

    await menu.getByRole('link', { name: 'Towers' }).click();
    // The old footprint is not shown ready: it waits its turn, or is being computed.
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 20_000, interval: 50 }).toMatch(/Queued|Computing \d+%/);
    await shot(page, 'towers-footprints-recomputing', false);
    await expect
      .poll(computedAt, { timeout: 60_000, interval: 100 })
      .toSatisfy((now: string | null) => now !== null && now !== before, `a footprint computed after ${before}`);
    await expectNoSeriousA11yViolations(page, 'towers with recomputed footprints');
    await shot(page, 'towers-footprints-recomputed', false);
    expect((await api('GET', '/api/towers/footprints')).data.map((state: { status: string }) => state.status)).toEqual(Array(6).fill('ready'));
  }, 150_000);
});
