import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent } from './reportFormat.js';

describe('report numbers', () => {
  it('writes percentages with at most one decimal, whole ones without', () => {
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(33.333)).toBe('33.3%');
    expect(formatPercent(99.96)).toBe('100%');
    expect(formatPercent(Number.NaN)).toBe('0%');
  });

  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});
