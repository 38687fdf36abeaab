import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from '../../common/api/reports.js';

/**
 * The period a report covers, as the admin screens choose it: the last 7, 30 or 90 days (today
 * included), or custom start and end dates. Dates are ISO calendar days (YYYY-MM-DD); the server
 * reads them in its configured time zone, with the end day included.
 */
export const PERIOD_PRESET_DAYS = [7, 30, 90] as const;
export type PresetDays = (typeof PERIOD_PRESET_DAYS)[number];

export type PeriodChoice = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; start: string; end: string };

/** What the report calls send as start_date and end_date. */
export interface PeriodRange {
  start_date: string;
  end_date: string;
}

export const DEFAULT_PERIOD: PeriodChoice = { kind: 'preset', days: DEFAULT_PERIOD_DAYS as PresetDays };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** The browser's calendar day of `date` (local time). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after (or before, when negative) an ISO day. */
export function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from start to end, both included (1 for a single day). */
export function daysInPeriod(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Each day from start to end, both included; empty when start is after end. */
export function eachDay(start: string, end: string): string[] {
  const count = Math.min(daysInPeriod(start, end), MAX_PERIOD_DAYS + 1);
  const days: string[] = [];
  for (let i = 0; i < count; i += 1) days.push(addDays(start, i));
  return days;
}

/** The dates a choice stands for on `today`: a preset ends today and spans its days, today included. */
export function periodRange(choice: PeriodChoice, today: string): PeriodRange {
  if (choice.kind === 'custom') return { start_date: choice.start, end_date: choice.end };
  return { start_date: addDays(today, -(choice.days - 1)), end_date: today };
}

/** Why custom dates cannot be used, or null when they can. */
export function customPeriodError(start: string, end: string): string | null {
  if (!start) return 'Choose a start date';
  if (!end) return 'Choose an end date';
  if (!isIsoDate(start) || !isIsoDate(end)) return 'Dates must be real days (YYYY-MM-DD)';
  if (start > end) return 'The start date must not be after the end date';
  if (daysInPeriod(start, end) > MAX_PERIOD_DAYS) return `A period can span at most ${MAX_PERIOD_DAYS} days`;
  return null;
}

/** URL parameters of a period: `days` for a preset (none for the default), `from` and `to` for custom dates. */
const PARAM_DAYS = 'days';
const PARAM_FROM = 'from';
const PARAM_TO = 'to';

/** The period in a screen's URL; anything unreadable is the default period. */
export function periodFromParams(params: URLSearchParams): PeriodChoice {
  const from = params.get(PARAM_FROM);
  const to = params.get(PARAM_TO);
  if (from && to && customPeriodError(from, to) === null) return { kind: 'custom', start: from, end: to };
  const days = Number(params.get(PARAM_DAYS));
  const preset = PERIOD_PRESET_DAYS.find((d) => d === days);
  return preset ? { kind: 'preset', days: preset } : DEFAULT_PERIOD;
}

/** `params` with the period written in (other parameters kept). */
export function withPeriodParams(params: URLSearchParams, choice: PeriodChoice): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PARAM_DAYS);
  next.delete(PARAM_FROM);
  next.delete(PARAM_TO);
  if (choice.kind === 'custom') {
    next.set(PARAM_FROM, choice.start);
    next.set(PARAM_TO, choice.end);
  } else if (choice.days !== DEFAULT_PERIOD_DAYS) {
    next.set(PARAM_DAYS, String(choice.days));
  }
  return next;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "23 Nov 2026" (the same in every browser locale, so screens, print-outs and tests agree). */
export function formatDay(isoDate: string): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "23 Nov" for a chart's axis. */
export function formatShortDay(isoDate: string): string {
  if (!isIsoDate(isoDate)) return isoDate;
  const [, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]}`;
}

/** "25 Oct 2026 – 23 Nov 2026", or one day alone. */
export function formatPeriod(range: PeriodRange): string {
  return range.start_date === range.end_date ? formatDay(range.start_date) : `${formatDay(range.start_date)} – ${formatDay(range.end_date)}`;
}

/**
 * A moment (ISO timestamp) in the browser's time zone: "23 Nov 2026, 14:05", or with `seconds`
 * "23 Nov 2026, 14:05:09" (the audit log, where the order of changes within a minute matters).
 */
export function formatDateTime(isoTimestamp: string, options: { seconds?: boolean } = {}): string {
  const date = new Date(isoTimestamp);
  if (Number.isNaN(date.getTime())) return isoTimestamp;
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${options.seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${formatDay(localIsoDate(date))}, ${time}`;
}
