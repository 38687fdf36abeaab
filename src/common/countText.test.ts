import { describe, expect, it } from 'vitest';
import { countText } from './countText.js';

describe('countText', () => {
  it('uses the singular for exactly one, the plural for every other count', () => {
    expect(countText(1, 'tower')).toBe('1 tower');
    expect(countText(0, 'tower')).toBe('0 towers');
    expect(countText(2, 'tower')).toBe('2 towers');
    expect(countText(1, 'address', 'addresses')).toBe('1 address');
    expect(countText(3, 'address', 'addresses')).toBe('3 addresses');
  });
});
