import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/accessibility.js';
import { browserAvailable } from './support/chromium.js';
import { signedInAppPerTest } from './support/session.js';

/** WCAG relative luminance of an sRGB colour given as "rgb(r, g, b)" or "rgba(r, g, b, a)". */
function luminance(cssColor: string): number {
  const [r, g, b] = (cssColor.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.runIf(browserAvailable())('the admin shell', () => {
  let page: Page;
  signedInAppPerTest((session) => ({ page } = session));
  const menu = () => page.getByRole('navigation', { name: 'Admin navigation' });

  it('says "Page not found" for an unknown admin path inside the shell, with the menu still there', async () => {
    await page.goto('/admin/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/no-such-screen');
    await page.getByText('/admin/no-such-screen', { exact: true }).waitFor();
    await menu().getByRole('link', { name: 'Towers' }).waitFor();
    expect(await page.getByRole('region', { name: 'Coverage map' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'admin page not found');

    await menu().getByRole('link', { name: 'Towers' }).click();
    await page.getByRole('heading', { name: 'Tower Management' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');
  });

  it('rings the menu item that has keyboard focus, in a colour that stands out from the menu', async () => {
    await page.goto('/admin/dashboard');
    await menu().getByRole('link', { name: 'Providers' }).waitFor();
    const focusedMenuLink = () => page.evaluate(() => document.activeElement?.closest('nav[aria-label="Admin navigation"]') !== null);
    // The top bar's account button comes first in the page; the menu's items follow.
    for (let presses = 0; presses < 10 && !(await focusedMenuLink()); presses++) await page.keyboard.press('Tab');
    expect(await focusedMenuLink()).toBe(true);
    const ring = await page.evaluate(() => {
      const item = document.activeElement as HTMLElement;
      const style = getComputedStyle(item);
      const menuPaper = item.closest('.MuiDrawer-paper') as HTMLElement;
      return {
        text: item.textContent,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        outlineColor: style.outlineColor,
        background: getComputedStyle(menuPaper).backgroundColor,
      };
    });
    expect(ring.text).toBe('Dashboard');
    expect(ring.outlineStyle).toBe('solid');
    expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
    // WCAG 2.2 asks 3:1 of a focus indicator against what is next to it.
    expect(contrast(ring.outlineColor, ring.background), `${ring.outlineColor} on ${ring.background}`).toBeGreaterThanOrEqual(3);
  });
});
