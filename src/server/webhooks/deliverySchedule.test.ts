import { describe, expect, it } from 'vitest';
import { afterAttempt, DISABLE_AFTER_FAILING_MS } from './deliverySchedule.js';

const RETRIES = [60, 300, 1800];
const FAILED = { ok: false as const, statusCode: 500, response: 'down', error: 'The receiver answered HTTP 500' };
const T0 = new Date('2026-11-22T08:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe('afterAttempt', () => {
  it('retries each failed attempt after the next gap of the schedule, then gives the delivery up', () => {
    const gaps = [1, 2, 3].map((attempts) => {
      const after = afterAttempt({ attempts: attempts - 1, failingSince: T0.toISOString() }, FAILED, T0, RETRIES);
      expect(after.delivery).toMatchObject({ status: 'pending', attempts, last_status_code: 500, last_error: FAILED.error, delivered_at: null });
      return (Date.parse(after.delivery.next_attempt_at!) - T0.getTime()) / 1000;
    });
    expect(gaps).toEqual(RETRIES);
    const last = afterAttempt({ attempts: 3, failingSince: T0.toISOString() }, FAILED, T0, RETRIES);
    expect(last.delivery).toMatchObject({ status: 'failed', attempts: 4, next_attempt_at: null });
  });

  it('sets failing_since at the first failure, keeps it while failing and clears it on a success', () => {
    const first = afterAttempt({ attempts: 0, failingSince: null }, FAILED, T0, RETRIES);
    expect(first.failingSince).toBe(T0.toISOString());
    const second = afterAttempt({ attempts: 1, failingSince: first.failingSince }, FAILED, at(60_000), RETRIES);
    expect(second.failingSince).toBe(T0.toISOString());
    const success = afterAttempt({ attempts: 2, failingSince: second.failingSince }, { ok: true, statusCode: 204, response: '' }, at(360_000), RETRIES);
    expect(success).toMatchObject({ failingSince: null, disable: false });
    expect(success.delivery).toMatchObject({ status: 'delivered', attempts: 3, delivered_at: at(360_000).toISOString(), last_error: null });
  });

  it('disables the endpoint once it has failed for 72 hours by the clock, not a millisecond before', () => {
    const state = { attempts: 0, failingSince: T0.toISOString() };
    expect(afterAttempt(state, FAILED, at(DISABLE_AFTER_FAILING_MS - 1), RETRIES).disable).toBe(false);
    expect(afterAttempt(state, FAILED, at(DISABLE_AFTER_FAILING_MS), RETRIES).disable).toBe(true);
    expect(afterAttempt(state, { ok: true, statusCode: 200, response: 'ok' }, at(DISABLE_AFTER_FAILING_MS), RETRIES).disable).toBe(false);
  });
});
