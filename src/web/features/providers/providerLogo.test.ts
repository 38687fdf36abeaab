import { describe, expect, it } from 'vitest';
import { LOGO_EMPTY, LOGO_TOO_LARGE, logoContentMessage, logoProblem } from './providerLogo.js';

/** The first bytes of a PNG file: its signature and the start of its header chunk. */
const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

describe('logoProblem', () => {
  it('accepts a small PNG and refuses other content and files over 2 MB', async () => {
    expect(await logoProblem(new File([PNG_HEAD], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(await logoProblem(new File(['<svg onload="alert(1)"></svg>'], 'a.svg', { type: 'image/svg+xml' }))).toBe(logoContentMessage('a.svg'));
    expect(await logoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe(LOGO_TOO_LARGE);
  });

  it('judges by content, not by the name or the type the browser claims', async () => {
    expect(await logoProblem(new File(['just some text'], 'logo.png', { type: 'image/png' }))).toBe(logoContentMessage('logo.png'));
    expect(await logoProblem(new File([PNG_HEAD], 'logo.txt', { type: 'text/plain' }))).toBeNull();
  });

  it('refuses an empty file', async () => {
    expect(await logoProblem(new File([], 'a.png', { type: 'image/png' }))).toBe(LOGO_EMPTY);
  });
});
