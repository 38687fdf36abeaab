import { describe, expect, it } from 'vitest';
import {
  addDays,
  customPeriodError,
  DEFAULT_PERIOD,
  daysInPeriod,
  eachDay,
  formatDateTime,
  formatDay,
  formatPeriod,
  formatShortDay,
  isIsoDate,
  localIsoDate,
  periodFromParams,
  type PeriodChoice,
  periodRange,
  withPeriodParams,
} from './reportPeriod.js';

describe('period presets', () => {
  it('end today and span their days, today included', () => {
    expect(periodRange({ kind: 'preset', days: 7 }, '2026-11-23')).toEqual({ start_date: '2026-11-17', end_date: '2026-11-23' });
    expect(periodRange({ kind: 'preset', days: 30 }, '2026-11-23')).toEqual({ start_date: '2026-10-25', end_date: '2026-11-23' });
    expect(periodRange({ kind: 'preset', days: 90 }, '2026-03-01')).toEqual({ start_date: '2025-12-02', end_date: '2026-03-01' });
  });

  it('cross month, year and leap-day boundaries', () => {
    expect(periodRange({ kind: 'preset', days: 7 }, '2028-03-02')).toEqual({ start_date: '2028-02-25', end_date: '2028-03-02' });
    expect(daysInPeriod('2028-02-25', '2028-03-02')).toBe(7);
    expect(periodRange({ kind: 'preset', days: 7 }, '2027-01-03')).toEqual({ start_date: '2026-12-28', end_date: '2027-01-03' });
  });

  it('leave custom dates as chosen', () => {
    expect(periodRange({ kind: 'custom', start: '2026-01-01', end: '2026-01-31' }, '2026-11-23')).toEqual({ start_date: '2026-01-01', end_date: '2026-01-31' });
  });

  it('default to the last 30 days', () => {
    expect(DEFAULT_PERIOD).toEqual({ kind: 'preset', days: 30 });
  });
});

describe('day arithmetic', () => {
  it('adds and subtracts whole days on calendar dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
  });

  it('lists each day of a period, both ends included', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(eachDay('2026-02-27', '2026-02-27')).toEqual(['2026-02-27']);
    expect(eachDay('2026-03-02', '2026-02-27')).toEqual([]);
  });

  it('reads the browser calendar day of a moment', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('knows real calendar days', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });
});

describe('custom period checks', () => {
  it('accepts a period in order, a single day included', () => {
    expect(customPeriodError('2026-01-01', '2026-01-31')).toBeNull();
    expect(customPeriodError('2026-01-01', '2026-01-01')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(customPeriodError('', '2026-01-31')).toBe('Choose a start date');
    expect(customPeriodError('2026-01-01', '')).toBe('Choose an end date');
    expect(customPeriodError('2026-02-30', '2026-03-01')).toBe('Dates must be real days (YYYY-MM-DD)');
    expect(customPeriodError('2026-02-01', '2026-01-31')).toBe('The start date must not be after the end date');
    expect(customPeriodError('2000-01-01', '2026-01-31')).toBe('A period can span at most 3660 days');
  });
});

describe('period in the URL', () => {
  const read = (query: string) => periodFromParams(new URLSearchParams(query));
  const write = (query: string, choice: PeriodChoice) => withPeriodParams(new URLSearchParams(query), choice).toString();

  it('reads presets and custom dates', () => {
    expect(read('days=7')).toEqual({ kind: 'preset', days: 7 });
    expect(read('days=90&x=1')).toEqual({ kind: 'preset', days: 90 });
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({ kind: 'custom', start: '2026-01-01', end: '2026-01-31' });
  });

  it('falls back to the default for anything else', () => {
    expect(read('')).toEqual(DEFAULT_PERIOD);
    expect(read('days=14')).toEqual(DEFAULT_PERIOD);
    expect(read('from=2026-02-01&to=2026-01-01')).toEqual(DEFAULT_PERIOD);
    expect(read('from=2026-01-01')).toEqual(DEFAULT_PERIOD);
  });

  it('writes the period and keeps other parameters, leaving the default out', () => {
    expect(write('status=new&days=7', { kind: 'preset', days: 30 })).toBe('status=new');
    expect(write('status=new', { kind: 'preset', days: 90 })).toBe('status=new&days=90');
    expect(write('days=7', { kind: 'custom', start: '2026-01-01', end: '2026-01-31' })).toBe('from=2026-01-01&to=2026-01-31');
    expect(read(write('', { kind: 'custom', start: '2026-01-01', end: '2026-01-31' }))).toEqual({ kind: 'custom', start: '2026-01-01', end: '2026-01-31' });
  });
});

describe('date formats', () => {
  it('writes days the same in every locale', () => {
    expect(formatDay('2026-11-03')).toBe('3 Nov 2026');
    expect(formatShortDay('2026-01-25')).toBe('25 Jan');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes a period, or its one day', () => {
    expect(formatPeriod({ start_date: '2026-10-25', end_date: '2026-11-23' })).toBe('25 Oct 2026 – 23 Nov 2026');
    expect(formatPeriod({ start_date: '2026-11-23', end_date: '2026-11-23' })).toBe('23 Nov 2026');
  });

  it('writes a moment in local time', () => {
    const moment = new Date(2026, 10, 23, 14, 5, 9);
    expect(formatDateTime(moment.toISOString())).toBe('23 Nov 2026, 14:05');
    expect(formatDateTime(moment.toISOString(), { seconds: true })).toBe('23 Nov 2026, 14:05:09');
    expect(formatDateTime('garbage')).toBe('garbage');
  });
});
