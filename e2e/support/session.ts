import type { Browser, Page } from 'playwright-core';
import { ADMIN, type LiveApp } from './liveApp.js';

/**
 * A page already signed in as the admin: the token comes from the API and sits in localStorage.
 * The page has a context of its own (close it with `page.context().close()`), as axe-core needs.
 */
export async function signedInPage(browser: Browser, live: LiveApp): Promise<{ page: Page; token: string }> {
  const login = await live.app.server.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
  const token: string = login.json().data.token;
  const context = await browser.newContext({ baseURL: live.baseUrl, viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('auth_token', value), token);
  return { page, token };
}

/** Picks `option` in the MUI select whose accessible name starts with `label`. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
