import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type LocalSmtp, startLocalSmtp } from '../../test/support/localSmtp.js';
import { launchChromium } from './chromium.js';
import { ADMIN, type LiveApp, startLiveApp } from './liveApp.js';

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

/** Chromium for the describe block that calls this: launched before its first test and handed to `use`, closed after its last. */
export function chromiumPerFile(use: (browser: Browser) => void): void {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    use(browser);
  });
  afterAll(async () => {
    await browser?.close();
  });
}

/** What each test of a signedInAppPerTest block runs against. */
export interface SignedInApp {
  live: LiveApp;
  page: Page;
  token: string;
}

/**
 * A fresh live app and a page signed in as the admin for each test of the describe block that
 * calls this, handed to `use` before the test and closed after it (Chromium stays for the block).
 * `env` is the app's (startLiveApp); a function when it holds what the block's own beforeAll
 * made, such as a stand-in server's address (register that beforeAll first).
 */
export function signedInAppPerTest(use: (session: SignedInApp) => void, env: Record<string, string> | (() => Record<string, string>) = {}): void {
  let browser: Browser;
  let session: SignedInApp | undefined;
  chromiumPerFile((launched) => (browser = launched));
  beforeEach(async () => {
    const live = await startLiveApp(typeof env === 'function' ? env() : env);
    session = { live, ...(await signedInPage(browser, live)) };
    use(session);
  });
  afterEach(async () => {
    await session?.page.context().close();
    await session?.live.close();
    session = undefined;
  });
}

/** A signedInAppPerTest session whose app mails a local SMTP server, with a visitor's own browser. */
export interface MailingSession extends SignedInApp {
  /** The block's SMTP server: every mail of its tests arrives here. */
  smtp: LocalSmtp;
  /** A page in a browser context of the visitor's own (no admin token), closed after the test. */
  visitorPage(): Promise<Page>;
}

/**
 * signedInAppPerTest with SMTP_URL at a local SMTP server started once for the describe block, and
 * a visitor's browser context on demand: the public side of a flow whose mails the test reads.
 */
export function mailingAppPerTest(use: (session: MailingSession) => void): void {
  let smtp: LocalSmtp;
  let visitor: BrowserContext | undefined;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  signedInAppPerTest(
    (session) =>
      use({
        ...session,
        smtp,
        visitorPage: async () => {
          visitor = await session.page
            .context()
            .browser()!
            .newContext({ baseURL: session.live.baseUrl, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
          return visitor.newPage();
        },
      }),
    () => ({ SMTP_URL: smtp.url }),
  );
  // Registered after the app's: vitest runs after-hooks last first, so the visitor closes before the app.
  afterEach(async () => {
    await visitor?.close();
    visitor = undefined;
  });
}

/** Picks `option` in the MUI select whose accessible name starts with `label`. */
export async function choose(page: Page, label: string | RegExp, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
