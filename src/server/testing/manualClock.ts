import type { Clock } from '../clock.js';

/** A clock the test moves by hand (no vitest import, so browser tests and benchmarks may use it too). */
export class ManualClock implements Clock {
  /** Every wait asked for, in ms, in order. */
  readonly slept: number[] = [];
  constructor(private current = new Date('2026-11-22T08:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  /** Moves time on at once instead of waiting. */
  async sleep(ms: number): Promise<void> {
    this.slept.push(ms);
    this.advance(ms);
  }
}
