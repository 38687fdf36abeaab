import { eachDay, type PeriodRange } from './reportPeriod.js';

/**
 * One row for each day of the period, in order: the row the server sent for that day, or
 * `empty(day)` for a day it left out (a day without activity). Rows outside the period are dropped.
 */
export function fillDays<T extends { date: string }>(rows: readonly T[], range: PeriodRange, empty: (date: string) => T): T[] {
  const byDate = new Map(rows.map((row) => [row.date, row]));
  return eachDay(range.start_date, range.end_date).map((date) => byDate.get(date) ?? empty(date));
}
