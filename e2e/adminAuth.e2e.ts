import type { Browser, Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { ADMIN, type LiveApp, startLiveApp } from './support/liveApp.js';
import { chromiumPerFile } from './support/session.js';

describe.runIf(browserAvailable())('admin sign-in in the browser', () => {
  let browser: Browser;
  chromiumPerFile((launched) => (browser = launched));
  let live: LiveApp;
  let page: Page;

  beforeEach(async () => {
    live = await startLiveApp();
    page = await (await browser.newContext({ baseURL: live.baseUrl })).newPage();
  });
  afterEach(async () => {
    await page.context().close();
    await live.close();
  });

  async function signIn(password: string = ADMIN.password) {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill(ADMIN.username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  const storedToken = () => page.evaluate(() => localStorage.getItem('auth_token'));

  it('shows the server message under "Login Error:" for a wrong password', async () => {
    await signIn('not-the-password');
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('Login Error:');
    expect(await alert.textContent()).toContain('Invalid username or password');
    await expectNoSeriousA11yViolations(page, 'login with a sign-in error');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await storedToken()).toBeNull();
  });

  it('shows the form rules before calling the server', async () => {
    await page.goto('/admin/login');
    await page.getByLabel('Username').fill('ab');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Username must be at least 3 characters').count()).toBe(1);
    expect(await page.getByText('Password must be at least 6 characters').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'login with validation messages');
  });

  it('signs in and lands on the dashboard inside the admin shell', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('Admin Portal').first().waitFor();
    for (const item of ['Dashboard', 'Providers', 'Coverage', 'Towers', 'Line of Sight', 'Reports', 'Embed Generator', 'Settings', 'View Public Map']) {
      expect(await page.getByRole('navigation').getByText(item, { exact: true }).count(), item).toBeGreaterThan(0);
    }
    expect(await storedToken()).toBeTruthy();
    await expectNoSeriousA11yViolations(page, 'admin shell on the dashboard');
  });

  it('sends a deep admin link without a token to the login screen', async () => {
    await page.goto('/admin/towers');
    await page.waitForURL('**/admin/login');
    await page.getByLabel('Username').waitFor();
  });

  it('logs out from the Admin menu, revoking the token', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    const token = await storedToken();
    await page.getByRole('button', { name: /admin/i }).last().click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'admin menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/login');
    expect(await storedToken()).toBeNull();
    const verify = await live.app.server.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${token}` } });
    expect(verify.statusCode).toBe(401);
  });

  it('changes the password on the Account page, then signs in with the new one only', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/account');
    await page.getByLabel('Current Password').fill(ADMIN.password);
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass-2026');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Password changed successfully! Your account is now more secure.').count()).toBe(1);

    await page.evaluate(() => localStorage.clear());
    await signIn(ADMIN.password);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid username or password');
    await signIn('Brand-New-Pass-2026');
    await page.waitForURL('**/admin/dashboard');
  });

  it('keeps Change Password disabled until the new password is at least Medium', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/account');
    await page.getByLabel('Current Password').fill(ADMIN.password);
    await page.getByLabel('New Password', { exact: true }).fill('abcdefgh');
    await page.getByLabel('Confirm New Password').fill('abcdefgh');
    expect(await page.getByText('Weak').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    // Medium by the points, and not a common password (abcdefgH1, a keyboard sequence, is one).
    await page.getByLabel('New Password', { exact: true }).fill('kloofnekroad7');
    await expect.poll(() => page.getByText('Medium').count()).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page, 'settings with a medium password');
    await page.getByLabel('Confirm New Password').fill('abcdefgH2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('New passwords do not match').count()).toBe(1);
  });

  it('shows the server message when the current password is wrong', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/account');
    await page.getByLabel('Current Password').fill('wrong-current-pw');
    await page.getByLabel('New Password', { exact: true }).fill('Brand-New-Pass-2026');
    await page.getByLabel('Confirm New Password').fill('Brand-New-Pass-2026');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => page.getByText('Current password is incorrect').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, 'settings with a password error');
    expect(new URL(page.url()).pathname).toBe('/admin/account');
    // The message sits on the field it is about, and goes once that field changes.
    expect(await page.getByRole('textbox', { name: 'Current Password', description: 'Current password is incorrect' }).count()).toBe(1);
    await page.getByLabel('Current Password').fill('another-try');
    await expect.poll(() => page.getByText('Current password is incorrect').count()).toBe(0);
  });

  it('rates Password1! weak by the same common-password check as the server, and keeps Change Password disabled', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/account');
    await page.getByLabel('Current Password').fill(ADMIN.password);
    await page.getByLabel('New Password', { exact: true }).fill('Password1!');
    await page.getByLabel('Confirm New Password').fill('Password1!');
    const meter = page.getByRole('progressbar', { name: 'Password strength' });
    await expect.poll(() => meter.getAttribute('aria-valuetext')).toBe('Weak');
    expect(await page.getByText('Strong', { exact: true }).count()).toBe(0);
    expect(await page.getByText('This password is too common or easy to guess. Please choose another one.').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Change Password' }).isDisabled()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'settings with a common password');

    await page.getByLabel('New Password', { exact: true }).fill('Kloof-Street-42-Gardens');
    await expect.poll(() => meter.getAttribute('aria-valuetext')).toBe('Strong');
  });

  it('sends a user whose token expired to the login screen on the next admin page load', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await live.app.db.kysely.updateTable('admin_sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    await page.goto('/admin/providers');
    await page.waitForURL('**/admin/login');
    expect(await storedToken()).toBeNull();
  });

  it('sends a user whose token was revoked elsewhere to the login screen', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    const token = await storedToken();
    await live.app.server.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}` } });
    await page.reload();
    await page.waitForURL('**/admin/login');
    expect(await storedToken()).toBeNull();
  });

  it('redirects a signed-in user away from the login screen to the dashboard', async () => {
    await signIn();
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/admin/login');
    await page.waitForURL('**/admin/dashboard');
  });
});
