import { describe, expect, it } from 'vitest';
import { fallbackCsvName } from './csvExport.js';

describe('fallbackCsvName', () => {
  it('names the report and its dated period like the server does', () => {
    expect(fallbackCsvName('leads', { start_date: '2026-10-25', end_date: '2026-11-23' })).toBe('leads-2026-10-25-to-2026-11-23.csv');
  });
});
