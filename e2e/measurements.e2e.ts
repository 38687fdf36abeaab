import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

/** A tower on flat ground (no terrain tiles) with the measurements about 1 to 3 km east of it. */
const TOWER = { name: 'East Hill', code: 'EH-01', latitude: -33.9, longitude: 18.55, height_meters: 40 };
/** Line 1 the header; line 4 has a signal above 0 dBm, the one bad row. */
const DRIVE_TEST_CSV = [
  'lat,lng,height_m,tower,sector,rssi_dbm,measured_at,cpe_profile,source,note',
  '-33.9,18.57,6,EH-01,,-58.5,2026-11-20,,drive_test,',
  '-33.905,18.58,6,EH-01,,-61,2026-11-20T10:15:00Z,,drive_test,',
  '-33.91,18.59,6,EH-01,,12,2026-11-20,,drive_test,',
  '-33.92,18.6,6,EH-01,,-66.2,2026-11-21,,survey,by the dam',
  '',
].join('\n');
const CLICKED = { lat: -33.905, lng: 18.575 };

describe.runIf(browserAvailable())('measurements', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  async function post(url: string, payload: object): Promise<number> {
    const response = await live.app.server.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }

  const residualMap = () => page.locator('.residual-map');

  it('imports a CSV, names the bad row by line and field, lists and maps the good rows, and deletes one after asking', async () => {
    await post('/api/towers', TOWER);
    await page.goto('/admin/measurements');
    await page.getByRole('heading', { name: 'No measurements yet' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'measurements, none yet');

    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Import measurements' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'drive-test.csv', mimeType: 'text/csv', buffer: Buffer.from(DRIVE_TEST_CSV) });
    await dialog.getByText('drive-test.csv', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const result = dialog.getByRole('status', { name: 'Import result' });
    await result.getByText('3 measurements imported; 1 row was left out.', { exact: false }).waitFor();
    const badRow = dialog.getByRole('table', { name: 'Rows left out' }).getByRole('row').nth(1);
    expect((await badRow.getByRole('cell').allTextContents()).slice(0, 2)).toEqual(['4', 'rssi_dbm']);
    await expectNoSeriousA11yViolations(page, 'measurements import result');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const table = page.getByRole('table', { name: 'Measurements' });
    await vi.waitFor(async () => expect(await table.getByRole('row').count()).toBe(4), { timeout: 15_000, interval: 200 });
    expect(await table.getByText('by the dam').count()).toBe(0);
    expect(await table.getByText('−66.2', { exact: true }).count()).toBe(1);

    // The residual map draws a dot per measurement.
    await residualMap().locator('canvas.maplibregl-canvas').waitFor({ timeout: 20_000 });
    await vi.waitFor(async () => expect(await residualMap().getAttribute('data-rendered-points')).toBe('3'), { timeout: 20_000, interval: 250 });
    await expectNoSeriousA11yViolations(page, 'measurements with the residual map');

    // The export: the import's columns first (so it imports again), a line per measurement.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const exported = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(exported[0]!.startsWith('lat,lng,height_m,tower,sector,rssi_dbm,measured_at,cpe_profile,source,note')).toBe(true);
    expect(exported).toHaveLength(4);

    // Filter by source: only the survey.
    await page.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Site survey', exact: true }).click();
    await vi.waitFor(async () => expect(await table.getByRole('row').count()).toBe(2), { timeout: 10_000, interval: 200 });
    await vi.waitFor(async () => expect(await residualMap().getAttribute('data-points')).toBe('1'), { timeout: 10_000, interval: 200 });

    // Delete it, after the confirmation.
    await table.getByRole('button', { name: /^Delete measurement / }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this measurement?' });
    await expectNoSeriousA11yViolations(page, 'measurement delete confirmation');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('No measurements match', { exact: true }).waitFor();
    const left = await live.app.db.kysely.selectFrom('measurements').select(['source']).execute();
    expect(left.map((row) => row.source).sort()).toEqual(['drive_test', 'drive_test']);
  });

  it('marks a lead installed with its signal: the inbox row shows it and it becomes a measurement at the lead’s spot', async () => {
    await post('/api/towers', TOWER);
    const searchId = await post('/api/log_search', { session_id: 'visit-install-1', search_type: 'address', ...CLICKED, address: '12 Dam Road' });
    await post('/api/submit_lead', {
      provider_id: 0,
      lead_type: 'contact_request',
      name: 'Lindiwe Khumalo',
      email: 'lindiwe@example.com',
      search_id: searchId,
    });

    await page.goto('/admin/leads');
    await page.getByRole('button', { name: 'Open lead Lindiwe Khumalo' }).click();
    const details = page.getByRole('dialog', { name: 'Lindiwe Khumalo' });
    await details.getByText('No install recorded', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Mark installed' }).click();
    const install = page.getByRole('dialog', { name: 'Mark Lindiwe Khumalo installed' });
    // The tower nearest the lead's search is chosen already; the signal is needed.
    expect(await install.getByRole('combobox', { name: 'Tower' }).textContent()).toContain('East Hill');
    await install.getByRole('button', { name: 'Record install' }).click();
    await install.getByText('Enter the signal measured at the install, in dBm', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'lead install form with an error');
    await install.getByRole('textbox', { name: 'Signal measured' }).fill('-63');
    await install.getByRole('button', { name: 'Record install' }).click();
    await install.waitFor({ state: 'hidden' });
    await details.getByText('Installed · −63.0 dBm', { exact: true }).waitFor();
    await details.getByText('Converted', { exact: true }).first().waitFor();
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });
    await page.getByRole('table', { name: 'Leads' }).getByText('Installed · −63.0 dBm', { exact: true }).waitFor();

    const stored = await live.app.db.kysely.selectFrom('measurements').select(['latitude', 'longitude', 'rssi_dbm', 'source', 'lead_id']).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ latitude: CLICKED.lat, longitude: CLICKED.lng, rssi_dbm: -63, source: 'install' });
    expect(stored[0]!.lead_id).not.toBeNull();

    await page.goto('/admin/measurements');
    const row = page.getByRole('table', { name: 'Measurements' }).getByRole('row').nth(1);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toContain('−63.0');
    expect(text).toContain(`InstallLead #${stored[0]!.lead_id}`);
  });
});
