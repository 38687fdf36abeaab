/**
 * The zone's line on the public map: "87 of 120 — help bring fibre to Bredasdorp", or the count
 * alone without a message. `goal` as typed: the count alone when it is not a whole number yet.
 */
export function publicProgressLine(confirmed: number, goal: string | number, message: string): string {
  const goalNumber = typeof goal === 'number' ? goal : Number(goal.trim());
  const progress =
    Number.isInteger(goalNumber) && goalNumber > 0
      ? `${confirmed.toLocaleString('en-US')} of ${goalNumber.toLocaleString('en-US')}`
      : `${confirmed.toLocaleString('en-US')}`;
  const text = message.trim();
  return text === '' ? progress : `${progress} — ${text}`;
}

/** How far a zone is to its goal, 0 to 100 (a progress bar's value; past the goal it stays full). */
export function progressPercent(confirmed: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, (confirmed / goal) * 100);
}

/** A YYYY-MM-DD day (deadline) as "30 Jan 2027"; the stored day, whatever the browser's time zone. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}

/** An ISO instant (goal reached) as its day in the browser's time zone, "30 Jan 2027". */
export function formatInstantDay(instant: string): string {
  const time = new Date(instant);
  if (Number.isNaN(time.getTime())) return instant;
  return time.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
