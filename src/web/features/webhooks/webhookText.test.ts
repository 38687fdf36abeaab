import { describe, expect, it } from 'vitest';
import {
  agoText,
  deliveryStatusText,
  endpointStateText,
  lastDeliveryText,
  nextAttemptText,
  nextRetryText,
  spanText,
  waitingBehindOlder,
} from './webhookText.js';

const NOW = Date.parse('2026-11-26T12:00:00Z');
const delivery = (over: Partial<Parameters<typeof deliveryStatusText>[0]>) => ({
  status: 'pending' as const,
  attempts: 0,
  last_status_code: null,
  last_error: null,
  ...over,
});

describe('a delivery status in the log', () => {
  it('says delivered with the receiver’s HTTP status', () => {
    expect(deliveryStatusText(delivery({ status: 'delivered', attempts: 1, last_status_code: 204 }))).toBe('Delivered · HTTP 204');
  });

  it('says failed with the last answer, or the transport error when there was none', () => {
    expect(deliveryStatusText(delivery({ status: 'failed', attempts: 7, last_status_code: 500 }))).toBe('Failed · HTTP 500');
    expect(deliveryStatusText(delivery({ status: 'failed', attempts: 7, last_error: 'timeout' }))).toBe('Failed · timeout');
  });

  it('tells a delivery not tried yet from one waiting to be retried', () => {
    expect(deliveryStatusText(delivery({}))).toBe('Pending');
    expect(deliveryStatusText(delivery({ attempts: 2, last_status_code: 503 }))).toBe('Retrying · HTTP 503');
    expect(deliveryStatusText(delivery({ attempts: 1 }))).toBe('Retrying');
  });
});

describe('times', () => {
  it('writes spans in the largest readable unit', () => {
    expect(spanText(45_000)).toBe('45 s');
    expect(spanText(4 * 60_000 + 10_000)).toBe('4 min');
    expect(spanText(2 * 3_600_000)).toBe('2 h');
    expect(spanText(3 * 86_400_000)).toBe('3 days');
    expect(spanText(-5_000)).toBe('0 s');
  });

  it('says when the next retry is due, "due now" once its time has passed, and a dash without one', () => {
    expect(nextRetryText('2026-11-26T12:05:00Z', NOW)).toBe('in 5 min');
    expect(nextRetryText('2026-11-26T11:59:00Z', NOW)).toBe('due now');
    expect(nextRetryText(null, NOW)).toBe('—');
  });

  it('says how long ago an attempt was', () => {
    expect(agoText('2026-11-26T11:58:00Z', NOW)).toBe('2 min ago');
    expect(agoText('2026-11-26T11:59:58Z', NOW)).toBe('just now');
    expect(agoText(null, NOW)).toBe('never');
  });
});

describe('an endpoint in the table', () => {
  it('sums up its last delivery', () => {
    expect(lastDeliveryText(null)).toBe('No deliveries yet');
    expect(lastDeliveryText({ status: 'delivered', last_status_code: 200, last_attempt_at: '2026-11-26T11:00:00Z' })).toBe('Delivered · HTTP 200');
    expect(lastDeliveryText({ status: 'pending', last_status_code: null, last_attempt_at: null })).toBe('Pending');
    expect(lastDeliveryText({ status: 'pending', last_status_code: 500, last_attempt_at: '2026-11-26T11:00:00Z' })).toBe('Retrying · HTTP 500');
  });

  it('says why it is disabled, or how long it has been failing', () => {
    expect(endpointStateText({ enabled: true, disabled_reason: null, failing_since: null }, NOW)).toBe('Enabled');
    expect(endpointStateText({ enabled: true, disabled_reason: null, failing_since: '2026-11-26T09:00:00Z' }, NOW)).toBe('Enabled, failing for 3 h');
    expect(endpointStateText({ enabled: false, disabled_reason: 'Failing for 3 days', failing_since: '2026-11-23T09:00:00Z' }, NOW)).toBe(
      'Disabled: Failing for 3 days',
    );
    expect(endpointStateText({ enabled: false, disabled_reason: null, failing_since: null }, NOW)).toBe('Disabled');
  });
});

describe('deliveries queued behind an older one', () => {
  const log = [
    { id: 5, status: 'pending' as const },
    { id: 4, status: 'delivered' as const },
    { id: 3, status: 'pending' as const },
    { id: 2, status: 'pending' as const },
    { id: 1, status: 'failed' as const },
  ];

  it('are the pending ones with an older pending delivery in the log (newest first)', () => {
    expect([...waitingBehindOlder(log)].sort()).toEqual([3, 5]);
    expect(waitingBehindOlder([{ id: 1, status: 'pending' }]).size).toBe(0);
  });

  it('say they go after the earlier deliveries once due, and when they are due before that', () => {
    expect(nextAttemptText({ status: 'pending', next_attempt_at: '2026-11-26T11:59:00Z' }, true, NOW)).toBe('after earlier deliveries');
    expect(nextAttemptText({ status: 'pending', next_attempt_at: '2026-11-26T12:01:00Z' }, true, NOW)).toBe('in 1 min');
    expect(nextAttemptText({ status: 'pending', next_attempt_at: '2026-11-26T11:59:00Z' }, false, NOW)).toBe('due now');
    expect(nextAttemptText({ status: 'delivered', next_attempt_at: null }, false, NOW)).toBe('—');
  });
});
