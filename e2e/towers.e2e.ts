import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

interface StoredTower {
  id: number;
  name: string;
  code: string | null;
  latitude: number;
  longitude: number;
  height_meters: number;
  antenna_height_meters: number;
  coverage_radius_km: number;
  power_dbm: number;
  active: boolean;
  installed_date: string | null;
}

describe.runIf(browserAvailable())('tower management in the admin portal', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  const notice = (text: string) => page.getByText(text, { exact: true }).waitFor();
  const storedTowers = async (): Promise<StoredTower[]> =>
    (await live.app.server.inject({ method: 'GET', url: '/api/towers', headers: { authorization: `Bearer ${token}` } })).json().data;
  const towersTable = () => page.getByRole('table', { name: 'Towers' });
  const towerRow = (name: string) => towersTable().getByRole('row', { name: new RegExp(name) });
  /** The figure on a summary card, e.g. card('Active Towers') -> '1'. */
  const card = async (title: string) => (await page.getByRole('group', { name: title, exact: true }).textContent())?.replace(title, '').trim();

  it('adds a tower through the dialog, with validation messages first, and shows it in the table and the cards, the map drawn with and without towers', async () => {
    await page.goto('/admin/towers');
    await page.getByRole('heading', { name: 'Tower Management' }).waitFor();
    await page.getByText('No towers yet').waitFor();
    await page.getByRole('region', { name: 'Tower map' }).waitFor();
    await page.getByText('No towers to show yet.').waitFor();
    expect(await page.getByText('The map cannot be shown', { exact: false }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'towers without any');

    await page.getByRole('button', { name: 'Add Tower', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Tower' });
    await dialog.waitFor();
    // The new-tower defaults.
    expect(await dialog.getByRole('spinbutton', { name: 'Latitude' }).inputValue()).toBe('-33.9249');
    expect(await dialog.getByRole('spinbutton', { name: 'Longitude' }).inputValue()).toBe('18.4241');
    expect(await dialog.getByRole('spinbutton', { name: 'Height' }).first().inputValue()).toBe('30');
    expect(await dialog.getByRole('spinbutton', { name: 'Coverage Radius' }).inputValue()).toBe('10');
    expect(
      await dialog
        .getByRole('switch', { name: 'Active' })
        .or(dialog.getByRole('checkbox', { name: 'Active' }))
        .isChecked(),
    ).toBe(true);

    await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill('95');
    await dialog.getByRole('spinbutton', { name: 'Coverage Radius' }).fill('0');
    await dialog.getByRole('button', { name: 'Add Tower' }).click();
    await dialog.getByText('Tower name is required', { exact: true }).waitFor();
    await dialog.getByText('Latitude must be between -90 and 90', { exact: true }).waitFor();
    await dialog.getByText('Coverage radius must be at least 1 km', { exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page, 'tower form with validation messages');
    expect(await storedTowers()).toEqual([]);

    await dialog.getByRole('textbox', { name: 'Tower Name' }).fill("Lion's Head");
    await dialog.getByRole('textbox', { name: 'Code' }).fill('LH-1');
    await dialog.getByRole('spinbutton', { name: 'Latitude' }).fill('-33.9249');
    await dialog.getByRole('spinbutton', { name: 'Coverage Radius' }).fill('12.4');
    await dialog.getByRole('spinbutton', { name: 'Antenna Height' }).fill('5');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Rooftop mast');
    await dialog.getByRole('button', { name: 'Add Tower' }).click();
    await notice('Tower created successfully');

    const row = towerRow("Lion's Head");
    await row.waitFor();
    const text = await row.textContent();
    for (const expected of ['Rooftop mast', 'LH-1', '33.924900° S, 18.424100° E', '30 m + 5 m antenna', '5.8 GHz / 20 dBm', '12 km', 'Active']) {
      expect(text).toContain(expected);
    }
    expect(await card('Total Towers')).toBe('1');
    expect(await card('Active Towers')).toBe('1');
    expect(await card('Inactive Towers')).toBe('0');
    expect(await card('Total Coverage (km)')).toBe('12');
    await expectNoSeriousA11yViolations(page, 'towers table, cards and map');
    expect(await page.getByText('No towers to show yet.').count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Tower map' }).locator('canvas').count()).toBe(1);
    // Numbers were sent as numbers, the radius as a whole number, the empty date as null.
    expect(await storedTowers()).toMatchObject([
      {
        name: "Lion's Head",
        code: 'LH-1',
        latitude: -33.9249,
        longitude: 18.4241,
        height_meters: 30,
        antenna_height_meters: 5,
        coverage_radius_km: 12,
        power_dbm: 20,
        active: true,
        installed_date: null,
      },
    ]);
  });

  it('edits a tower and deletes it after a confirmation naming it', async () => {
    const created = await live.app.server.inject({
      method: 'POST',
      url: '/api/towers',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Signal Hill', latitude: -33.918, longitude: 18.403, height_meters: 18 },
    });
    expect(created.statusCode).toBe(200);
    await page.goto('/admin/towers');
    await towerRow('Signal Hill').waitFor();

    await page.getByRole('button', { name: 'Edit Signal Hill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tower' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Tower Name' }).inputValue()).toBe('Signal Hill');
    await dialog.getByRole('spinbutton', { name: 'Height' }).first().fill('45.6');
    await dialog
      .getByRole('switch', { name: 'Active' })
      .or(dialog.getByRole('checkbox', { name: 'Active' }))
      .click();
    await dialog.getByRole('button', { name: 'Update Tower' }).click();
    await notice('Tower updated successfully');
    await towerRow('Signal Hill').getByText('Inactive', { exact: true }).waitFor();
    expect(await towerRow('Signal Hill').textContent()).toContain('46 m');
    expect(await card('Inactive Towers')).toBe('1');
    expect(await storedTowers()).toMatchObject([{ name: 'Signal Hill', height_meters: 46, active: false }]);

    await page.getByRole('button', { name: 'Delete Signal Hill' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Signal Hill?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Are you sure you want to delete the tower "Signal Hill"?');
    await expectNoSeriousA11yViolations(page, 'tower delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notice('Tower deleted successfully');
    await page.getByText('No towers yet').waitFor();
    expect(await storedTowers()).toEqual([]);
  });

  it('bulk-imports JSON with a bad row: the SPEC messages for bad text, the success message, and the rejected row listed', async () => {
    await page.goto('/admin/towers');
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Towers' });
    await dialog.waitFor();
    const data = dialog.getByRole('textbox', { name: 'Tower data (JSON)' });

    await data.fill('[{"name": "Broken",]');
    await dialog.getByRole('button', { name: 'Import Towers' }).click();
    await dialog.getByText('Invalid JSON format', { exact: true }).waitFor();
    await data.fill('{"name": "Not a list"}');
    await dialog.getByRole('button', { name: 'Import Towers' }).click();
    await dialog.getByText('Data must be an array of tower objects', { exact: true }).waitFor();

    await data.fill(
      JSON.stringify([
        { name: 'Tygerberg', latitude: -33.87, longitude: 18.62, height_meters: 40, code: 'TB-1' },
        { name: 'Off The Map', latitude: 123, longitude: 18.5, height_meters: 20 },
        { name: 'Durbanville', latitude: -33.83, longitude: 18.65, height_meters: 25, active: false },
      ]),
    );
    await dialog.getByText('3 towers ready to import', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Import Towers' }).click();
    await dialog.getByText('Imported 2 towers successfully', { exact: true }).waitFor();
    const rejected = dialog.getByRole('table', { name: '1 row was rejected' });
    await rejected.waitFor();
    const rejectedRow = rejected.getByRole('row', { name: /Off The Map/ });
    const rejectedText = await rejectedRow.textContent();
    for (const expected of ['2', 'Off The Map', 'latitude', 'Latitude must be between -90 and 90']) expect(rejectedText).toContain(expected);
    expect(await dialog.getByRole('button', { name: 'Import Towers' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'bulk import with a rejected row');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await towerRow('Tygerberg').waitFor();
    await towerRow('Durbanville').getByText('Inactive', { exact: true }).waitFor();
    expect(await card('Total Towers')).toBe('2');
    expect((await storedTowers()).map((t) => t.name)).toEqual(['Durbanville', 'Tygerberg']);
  });

  it('bulk-imports a CSV file with a header row', async () => {
    const csv = [
      'name,latitude,longitude,height_meters,antenna_height_meters,frequency_ghz,power_dbm,coverage_radius_km,code,description,active,installed_date',
      'Blaauwberg,-33.804,18.465,24,,,,,,,,',
      'Helderberg,-34.05,18.87,35,4,5.2,23,15,HB-7,"Farm mast, north face",false,2023-06-01',
      '',
    ].join('\n');
    await page.goto('/admin/towers');
    await page.getByRole('button', { name: 'Bulk Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Towers' });
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'towers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('2 towers ready to import', { exact: true }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Tower data (JSON)' }).inputValue()).toContain('"name":"Helderberg"');
    await dialog.getByRole('button', { name: 'Import Towers' }).click();
    await notice('Imported 2 towers successfully');
    await dialog.waitFor({ state: 'detached' });

    const row = towerRow('Helderberg');
    await row.waitFor();
    const text = await row.textContent();
    for (const expected of ['Farm mast, north face', 'HB-7', '34.050000° S, 18.870000° E', '35 m + 4 m antenna', '5.2 GHz / 23 dBm', '15 km', 'Inactive']) {
      expect(text).toContain(expected);
    }
    expect(await card('Total Coverage (km)')).toBe('25');
    expect(await storedTowers()).toMatchObject([
      { name: 'Blaauwberg', antenna_height_meters: 0, coverage_radius_km: 10, power_dbm: 20, active: true, code: null, installed_date: null },
      { name: 'Helderberg', installed_date: '2023-06-01', active: false },
    ]);
  });

  it('bulk-imports one tower from the dialog, which shows a JSON and a CSV example, and says "1 tower"', async () => {
    await page.goto('/admin/towers');
    await page.getByRole('button', { name: 'Bulk Import' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Bulk Import Towers' });
    const jsonExample = dialog.getByRole('region', { name: 'JSON example' });
    const csvExample = dialog.getByRole('region', { name: 'CSV example' });
    expect(await jsonExample.textContent()).toContain('"name": "Signal Hill"');
    expect(await csvExample.textContent()).toContain('name,latitude,longitude,height_meters');
    await expectNoSeriousA11yViolations(page, 'bulk import with its examples');

    await dialog
      .getByRole('textbox', { name: 'Tower data (JSON)' })
      .fill('[{"name": "Kommetjie", "latitude": -34.14, "longitude": 18.33, "height_meters": 20}]');
    await dialog.getByText('1 tower ready to import', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Import Towers' }).click();
    await notice('Imported 1 tower successfully');
    await towerRow('Kommetjie').waitFor();
  });

  it('fits the towers table in a 1280 px window: no sideways scrolling, footprint and actions in view, codes on one line', async () => {
    const towers = [
      { name: 'Tygerberg Hills Water Tower', code: 'CPT-NORTH-0042', antenna_height_meters: 12, description: 'Shared with the municipal radio network' },
      { name: 'Helderberg Farm Mast', code: 'HB-SOUTH-0107', antenna_height_meters: 4.5, frequency_ghz: 5.825 },
      { name: 'Blaauwberg', code: 'BB-2' },
    ];
    for (const tower of towers) {
      const response = await live.app.server.inject({
        method: 'POST',
        url: '/api/towers',
        headers: { authorization: `Bearer ${token}` },
        payload: { latitude: -33.804, longitude: 18.465, height_meters: 24, coverage_radius_km: 5, ...tower },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/towers');
    for (const { name } of towers) await towerRow(name).waitFor();

    const layout = () =>
      towersTable().evaluate((table) => {
        const container = table.parentElement!;
        const codeLines = Array.from(table.querySelectorAll('tbody tr')).map((row) => {
          const range = document.createRange();
          range.selectNodeContents(row.querySelectorAll('td')[1]!);
          return new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top))).size;
        });
        return {
          tableOverflow: container.scrollWidth - container.clientWidth,
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          codeLines,
        };
      });
    const fits = { tableOverflow: 0, pageOverflow: 0, codeLines: [1, 1, 1] };
    // Whatever the footprints' state (computing with its progress bar, or ready with its exports).
    expect(await layout()).toEqual(fits);
    for (const { name } of towers) await towerRow(name).getByText('Ready', { exact: true }).waitFor({ timeout: 90_000 });
    expect(await layout()).toEqual(fits);
    for (const { name } of towers) {
      for (const button of [`Download ${name} footprint as GeoJSON`, `Delete ${name}`]) {
        const box = await towerRow(name).getByRole('button', { name: button }).boundingBox();
        expect(box && box.x + box.width, button).toBeLessThanOrEqual(1280);
      }
    }
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/towers-1280.png`, fullPage: true });
    // Footprints on a busy machine can take most of a minute.
  }, 150_000);
});
