import { describe, expect, it } from 'vitest';
import { logoImageType } from './logoImage.js';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('logoImageType', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'image/jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'image/gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'image/gif'],
    ['WebP', bytes('RIFF', [36, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('tells %s by its first bytes', (_, head, type) => {
    expect(logoImageType(head)).toBe(type);
  });

  it.each([
    ['text', bytes('hello, this is text')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (WAVE)', bytes('RIFF', [36, 0, 0, 0], 'WAVEfmt ')],
    ['a PNG signature cut short', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a])],
    ['GIF of an unknown version', bytes('GIF88a')],
    ['nothing', bytes()],
  ])('refuses %s', (_, head) => {
    expect(logoImageType(head)).toBeNull();
  });
});
