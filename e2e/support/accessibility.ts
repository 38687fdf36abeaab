import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The impacts issue 10 forbids; minor and moderate findings are left to judgement. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Waits until every finite animation or transition has ended (a dialog fading in, a button
 * changing colour): axe measures colours as drawn, so half-faded text would read as low contrast.
 * Endless ones (spinners, skeletons) are not waited for.
 */
async function waitForTransitions(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * Runs axe-core on the page as it is now and fails, listing each rule with its impact and the
 * elements it found, when any finding is serious or critical. `label` names the screen or dialog in
 * the failure message. Call it when the screen is settled (data shown, dialog open).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  await waitForTransitions(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  if (blocking.length === 0) return;
  const report = blocking.map((violation) => {
    const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`);
    return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes.join('\n')}`;
  });
  throw new Error(`${label}: ${blocking.length} serious or critical accessibility violation(s)\n${report.join('\n')}`);
}
