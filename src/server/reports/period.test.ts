import { describe, expect, it } from 'vitest';
import { dayIndex, dayStartMs, localDate, resolvePeriod } from './period.js';

const NOW = new Date('2026-11-22T08:00:00.000Z');

describe('resolvePeriod', () => {
  it('covers the last 30 days up to today by default, the end day included', () => {
    const period = resolvePeriod({}, NOW, 'UTC');
    expect([period.startDate, period.endDate, period.days.length]).toEqual(['2026-10-24', '2026-11-22', 30]);
    expect(new Date(period.startMs).toISOString()).toBe('2026-10-24T00:00:00.000Z');
    expect(new Date(period.endMs).toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it("starts each day at the zone's local midnight", () => {
    const period = resolvePeriod({ start_date: '2026-11-01', end_date: '2026-11-02' }, NOW, 'Africa/Johannesburg');
    expect(period.days.map((d) => [d.date, new Date(d.startMs).toISOString()])).toEqual([
      ['2026-11-01', '2026-10-31T22:00:00.000Z'],
      ['2026-11-02', '2026-11-01T22:00:00.000Z'],
    ]);
    expect(new Date(period.endMs).toISOString()).toBe('2026-11-02T22:00:00.000Z');
  });

  it('gives a day of a change to daylight saving 23 hours and of the change back 25', () => {
    const spring = resolvePeriod({ start_date: '2026-03-08', end_date: '2026-03-08' }, NOW, 'America/New_York').days[0]!;
    expect((spring.endMs - spring.startMs) / 3_600_000).toBe(23);
    const autumn = resolvePeriod({ start_date: '2026-11-01', end_date: '2026-11-01' }, NOW, 'America/New_York').days[0]!;
    expect((autumn.endMs - autumn.startMs) / 3_600_000).toBe(25);
    expect(new Date(autumn.startMs).toISOString()).toBe('2026-11-01T04:00:00.000Z');
  });

  it('handles zones whose offset is not whole hours', () => {
    expect(new Date(dayStartMs('2026-11-22', 'Asia/Kolkata')).toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(new Date(dayStartMs('2026-11-22', 'Asia/Kathmandu')).toISOString()).toBe('2026-11-21T18:15:00.000Z');
    expect(localDate(Date.parse('2026-11-21T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2026-11-21');
    expect(localDate(Date.parse('2026-11-21T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-22');
  });

  it('takes one date alone as the start up to today, or the end of 30 days', () => {
    expect(resolvePeriod({ start_date: '2026-11-20' }, NOW, 'UTC')).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-22' });
    expect(resolvePeriod({ end_date: '2026-01-30' }, NOW, 'UTC')).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-30' });
  });

  it('refuses an end before the start and a period over ten years', () => {
    expect(() => resolvePeriod({ start_date: '2026-11-20', end_date: '2026-11-19' }, NOW, 'UTC')).toThrow('start_date must not be after end_date');
    expect(() => resolvePeriod({ start_date: '2000-01-01', end_date: '2026-01-01' }, NOW, 'UTC')).toThrow('A report covers at most 3660 days');
  });

  it('finds the day an instant falls in, and none outside the period', () => {
    const period = resolvePeriod({ start_date: '2026-11-01', end_date: '2026-11-03' }, NOW, 'UTC');
    expect(dayIndex(period, Date.parse('2026-11-02T23:59:59.999Z'))).toBe(1);
    expect(dayIndex(period, Date.parse('2026-11-03T00:00:00.000Z'))).toBe(2);
    expect(dayIndex(period, Date.parse('2026-11-04T00:00:00.000Z'))).toBe(-1);
    expect(dayIndex(period, Date.parse('2026-10-31T23:59:59.999Z'))).toBe(-1);
  });
});
