import { describe, expect, it } from 'vitest';
import { logoProblem } from './providerLogo.js';

describe('logoProblem', () => {
  it('accepts a small PNG and refuses other types and files over 2 MB', () => {
    expect(logoProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
    expect(logoProblem(new File(['x'], 'a.svg', { type: 'image/svg+xml' }))).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
    expect(logoProblem(new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' }))).toBe('The logo must be at most 2 MB.');
  });
});
