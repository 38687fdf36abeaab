import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../test/support/multipart.js';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

describe.runIf(browserAvailable())('audit log: a provider changed, found by entity, its diff opened, exported as CSV', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  const sendForm = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => {
    const body = multipartBody(fields);
    const response = await live.app.server.inject({ method, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('shows who changed the provider, the fields before and after, and exports the filtered entries', async () => {
    const provider = await sendForm('POST', '/api/providers', { name: 'Overberg Fibre' });
    await sendForm('PUT', `/api/providers/${provider.id}`, { name: 'Overberg Fibre Co', contact_email: 'sales@overberg.example' });
    const tower = await live.app.server.inject({
      method: 'POST',
      url: '/api/towers',
      headers: bearer(token),
      payload: { name: 'Bredasdorp Hill', latitude: -34.53, longitude: 20.04, height_meters: 30 },
    });
    expect(tower.statusCode, tower.body).toBe(200);

    await page.goto('/admin/audit');
    const table = page.getByRole('table', { name: 'Audit entries' });
    await table.waitFor();
    await page.getByRole('link', { name: 'Audit log' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'audit log');

    // Filter by entity: only the provider's two entries.
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'Provider', exact: true }).click();
    const rows = table.locator(':scope > tbody > tr:has(td:nth-child(6))');
    await vi.waitFor(async () => expect(await table.getByRole('button', { name: /^Show the changes of/ }).count()).toBe(2), { timeout: 10_000, interval: 200 });
    expect(await rows.first().textContent()).toContain('Update');

    // The update's diff: the fields changed, old -> new.
    await table.getByRole('button', { name: `Show the changes of update Provider ${provider.id}` }).click();
    const diff = page.getByRole('table', { name: `Changes of Provider ${provider.id}` });
    await diff.waitFor();
    const nameRow = diff.getByRole('row', { name: /^name / });
    expect(await nameRow.getByRole('cell').allTextContents()).toEqual(['name', 'Overberg Fibre', 'Overberg Fibre Co']);
    expect(
      await diff
        .getByRole('row', { name: /^contact_email / })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['contact_email', '—', 'sales@overberg.example']);
    await expectNoSeriousA11yViolations(page, 'audit entry opened');

    // The export holds the filtered entries only.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/);
    expect(lines[0]).toBe('created_at,actor,ip,action,entity,entity_id,before,after');
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 6).join(','))).toEqual([
      `admin,127.0.0.1,update,provider,${provider.id}`,
      `admin,127.0.0.1,create,provider,${provider.id}`,
    ]);
  });
});
