import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { totpCode } from '../src/server/auth/totp.js';
import { ManualClock } from '../src/server/testing/manualClock.js';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { ADMIN, type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

/** One TOTP step: a code once used is refused until the next one. */
const STEP_MS = 30_000;

describe.runIf(browserAvailable())('two-factor sign-in and sessions in the browser', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let page: Page;
  let clock: ManualClock;

  beforeEach(async () => {
    // The server's clock is the test's: the codes typed below are computed for the time it reads.
    clock = new ManualClock(new Date());
    live = await startLiveApp({}, { clock });
    page = await (await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 } })).newPage();
  });
  afterEach(async () => {
    await page.context().close();
    await live.close();
  });

  async function signInWithPassword() {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  async function signOut() {
    await page.getByRole('button', { name: /admin/i }).last().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
  }

  it('enrols on the Account page, then signs in with a code from the app and with a recovery code', async () => {
    await signInWithPassword();
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: /admin/i }).last().click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL('**/admin/account');
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByRole('button', { name: 'Set up' }).click();

    await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(page, 'two-factor setup');
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect.poll(() => page.getByText('That code is not correct. Check the time on your device and try again.').count()).toBe(1);
    await page.getByLabel('Code from the app').fill(totpCode(secret, clock.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectNoSeriousA11yViolations(page, 'recovery codes');
    expect(await page.getByRole('button', { name: 'Done' }).isDisabled()).toBe(true);
    await page.getByLabel('I have saved them').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await signOut();

    // The code step: a wrong code first, then the app's next code.
    clock.advance(STEP_MS);
    await signInWithPassword();
    const codeField = page.getByLabel('6-digit code');
    await codeField.waitFor();
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('That code is not correct');
    await expectNoSeriousA11yViolations(page, 'login code step with an error');
    await codeField.fill(totpCode(secret, clock.now()));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    await signOut();

    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/admin/dashboard');
    const used = await live.app.db.kysely.selectFrom('user_recovery_codes').select('id').where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(1);
  });

  it('lists the sessions with this device marked, and ends another one after confirming', async () => {
    const other = await live.app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: ADMIN,
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0' },
    });
    const otherToken: string = other.json().data.token;
    await signInWithPassword();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/account');
    const table = page.getByRole('table', { name: 'Your sessions' });
    await table.getByText('Firefox on Windows').waitFor();
    expect(await table.getByText('This device').count()).toBe(1);
    expect(await table.getByText('Chrome on Linux').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'account page sessions');

    await page.getByRole('button', { name: 'End session: Firefox on Windows' }).click();
    const dialog = page.getByRole('dialog', { name: 'End this session?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expect.poll(() => table.getByText('Firefox on Windows').count()).toBe(0);
    const verify = await live.app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${otherToken}` } });
    expect(verify.statusCode).toBe(401);
  });

  it('keeps a user whose role must use two-factor sign-in on the Account page until it is on', async () => {
    await live.app.db.kysely
      .updateTable('team_settings')
      .set({ require_2fa_roles: JSON.stringify(['owner']) })
      .where('id', '=', 1)
      .execute();
    await signInWithPassword();
    await page.waitForURL('**/admin/account');
    await page.getByText('Your role must use two-factor sign-in. Set it up to open the rest of the admin area.').waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin navigation' });
    await menu.getByRole('link', { name: 'Account' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Towers' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'account page with two-factor sign-in required');
    await page.goto('/admin/towers');
    await page.waitForURL('**/admin/account');

    await page.getByRole('button', { name: 'Set up' }).click();
    const secret = ((await page.getByLabel('Setup key').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Code from the app').fill(totpCode(secret, clock.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByLabel('I have saved them').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Turn off' }).waitFor();
    await page.goto('/admin/towers');
    await page.waitForURL('**/admin/towers');
    await menu.getByRole('link', { name: 'Towers' }).waitFor();
  });
});
