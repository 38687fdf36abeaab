import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bearer } from '../test/support/testApp.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import type { LiveApp } from './support/liveApp.js';
import { signedInAppPerTest } from './support/session.js';

/** A point a visitor clicked on the public map: its search has coordinates and no address. */
const CLICKED = { lat: -33.93, lng: 18.45 };

describe.runIf(browserAvailable())('a lead in the leads inbox', () => {
  let live: LiveApp;
  let page: Page;
  let token: string;
  signedInAppPerTest((session) => ({ live, page, token } = session));

  async function post(url: string, payload: object): Promise<number> {
    const response = await live.app.server.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.id;
  }

  it('shows where a map-click lead searched, and asks before dropping unsaved notes', async () => {
    const searchId = await post('/api/log_search', { session_id: 'visit-map-click', search_type: 'address', ...CLICKED, address: null });
    await post('/api/submit_lead', { provider_id: 0, lead_type: 'contact_request', name: 'Sipho Dlamini', phone: '+27 82 555 0101', search_id: searchId });

    await page.goto('/admin/leads');
    await page.getByRole('button', { name: 'Open lead Sipho Dlamini' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sipho Dlamini' });
    const search = dialog.getByRole('region', { name: 'Search', exact: true });
    await search.getByText('-33.93000, 18.45000', { exact: true }).waitFor();
    await search.getByText('Point picked on the map', { exact: true }).waitFor();
    expect(await search.getByText('Address search', { exact: false }).count()).toBe(0);

    const notes = dialog.getByRole('textbox', { name: 'Notes' });
    await notes.fill('Call back on Tuesday.');
    const discard = page.getByRole('dialog', { name: 'Discard unsaved notes?' });
    await page.keyboard.press('Escape');
    await discard.waitFor();
    await expectNoSeriousA11yViolations(page, 'discard unsaved notes');
    // Cancel keeps the lead open with the notes typed.
    await discard.getByRole('button', { name: 'Cancel' }).click();
    await discard.waitFor({ state: 'hidden' });
    expect(await notes.inputValue()).toBe('Call back on Tuesday.');

    // Close asks too; Discard closes without saving.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await discard.getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const stored = await live.app.db.kysely.selectFrom('leads').select(['notes']).where('name', '=', 'Sipho Dlamini').executeTakeFirstOrThrow();
    expect(stored.notes).toBeNull();

    // Without edits, Escape closes at once.
    await page.getByRole('button', { name: 'Open lead Sipho Dlamini' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await discard.count()).toBe(0);
  });
});
