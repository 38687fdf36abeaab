import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from '../../common/api/reports.js';
import { ValidationError } from '../errors.js';

const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;

/** One local day of a report: its date and the UTC instants it runs between (end excluded), ms. */
export interface ReportDay {
  date: string;
  startMs: number;
  endMs: number;
}

/** A report's period in the reports' time zone: its days, and the UTC instants it spans (end excluded). */
export interface ReportPeriod {
  startDate: string;
  endDate: string;
  startMs: number;
  endMs: number;
  days: ReportDay[];
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's local wall-clock time at a UTC instant, as if it were UTC (ms). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatIn(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The zone's offset from UTC at an instant, ms (positive east of Greenwich). */
function offsetMs(instantMs: number, timeZone: string): number {
  return wallClockMs(Math.floor(instantMs / 1000) * 1000, timeZone) - Math.floor(instantMs / 1000) * 1000;
}

/** The UTC instant (ms) at which a local date (YYYY-MM-DD) begins in the zone. */
export function dayStartMs(date: string, timeZone: string): number {
  const local = Date.parse(`${date}T00:00:00Z`);
  let instant = local - offsetMs(local, timeZone);
  // Across a change of offset (daylight saving) the first guess is off by the change: once more settles it.
  instant = local - offsetMs(instant, timeZone);
  return instant;
}

/** The local date (YYYY-MM-DD) of a UTC instant in the zone. */
export function localDate(instantMs: number, timeZone: string): string {
  return new Date(wallClockMs(instantMs, timeZone)).toISOString().slice(0, 10);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The period of a report query (ISO dates, end day included) in the reports' time zone: the last
 * DEFAULT_PERIOD_DAYS days up to today when no date is given; one date alone reaches from it to
 * today, or the DEFAULT_PERIOD_DAYS days up to it.
 */
export function resolvePeriod(query: { start_date?: string; end_date?: string }, now: Date, timeZone: string): ReportPeriod {
  const today = localDate(now.getTime(), timeZone);
  const endDate = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today);
  const startDate = query.start_date ?? addDays(endDate, -(DEFAULT_PERIOD_DAYS - 1));
  if (startDate > endDate) throw new ValidationError('start_date must not be after end_date');
  const count = Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
  if (count > MAX_PERIOD_DAYS) throw new ValidationError(`A report covers at most ${MAX_PERIOD_DAYS} days`);
  const days: ReportDay[] = [];
  let date = startDate;
  let startMs = dayStartMs(date, timeZone);
  for (let i = 0; i < count; i++) {
    const next = addDays(date, 1);
    const endMs = dayStartMs(next, timeZone);
    days.push({ date, startMs, endMs });
    date = next;
    startMs = endMs;
  }
  return { startDate, endDate, startMs: days[0]!.startMs, endMs: days[days.length - 1]!.endMs, days };
}

/** The day of the period an instant falls in, or -1 outside it (binary search). */
export function dayIndex(period: ReportPeriod, instantMs: number): number {
  let low = 0;
  let high = period.days.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const day = period.days[middle]!;
    if (instantMs < day.startMs) high = middle - 1;
    else if (instantMs >= day.endMs) low = middle + 1;
    else return middle;
  }
  return -1;
}

/** ISO-8601 UTC text of an instant, as timestamps are stored. */
export function isoOf(instantMs: number): string {
  return new Date(instantMs).toISOString();
}
