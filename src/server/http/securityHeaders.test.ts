import { describe, expect, it } from 'vitest';
import { originsOf } from './securityHeaders.js';

describe('originsOf', () => {
  it('gives each distinct origin of tile URL templates once', () => {
    expect(
      originsOf([
        'https://a.tiles.example.org/dark/{z}/{x}/{y}.png',
        'https://a.tiles.example.org/light/{z}/{x}/{y}.png',
        'http://localhost:8080/{z}/{x}/{y}.png',
      ]),
    ).toEqual(['https://a.tiles.example.org', 'http://localhost:8080']);
  });

  it('skips templates that are not URLs', () => {
    expect(originsOf(['not a url', ''])).toEqual([]);
  });
});
