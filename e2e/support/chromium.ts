import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium, or CHROMIUM_PATH. */
export function chromiumPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
}

/**
 * Browser tests run whenever Chromium exists. Without it they are skipped with a notice, except
 * under CI, where a missing browser is a failure (the run would otherwise pass having tested nothing).
 */
export function browserAvailable(): boolean {
  if (chromiumPath()) return true;
  if (process.env.CI) throw new Error('CI is set but no Chromium was found (install Debian chromium or set CHROMIUM_PATH)');
  console.warn('NOTICE: browser tests skipped: no Chromium at CHROMIUM_PATH or /usr/bin/chromium');
  return false;
}

/** Headless in a container: no sandbox, WebGL through swiftshader, and nothing calling home. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}
