import type { WebhookEventType } from '../../../common/api/webhookEvents.js';
import type { WebhookDelivery, WebhookEndpoint } from '../../../common/api/webhooks.js';

/** What each event is sent for, beside its checkbox in the endpoint dialog. */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'lead.created': 'A visitor sent a sign-up or contact request.',
  'lead.updated': 'A lead asked again within 24 hours, or its status or notes changed.',
  'waitlist.confirmed': 'A visitor confirmed their waitlist entry or pre-registration.',
  'zone.goal_reached': 'A pre-registration zone reached its goal.',
  'coverage.live_at_waitlist': 'Service went live at a waitlisted spot.',
};

/** The receiver's answer in a few words: "HTTP 200", else the transport error ("timeout"), else null. */
function answerText(statusCode: number | null, error: string | null): string | null {
  if (statusCode !== null) return `HTTP ${statusCode}`;
  return error;
}

/**
 * A delivery's outcome for the log: "Delivered · HTTP 200", "Failed · HTTP 500", "Retrying · timeout"
 * (pending after a failed attempt), or "Pending" (not tried yet).
 */
export function deliveryStatusText(delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'last_status_code' | 'last_error'>): string {
  const answer = answerText(delivery.last_status_code, delivery.last_error);
  switch (delivery.status) {
    case 'delivered':
      return answer ? `Delivered · ${answer}` : 'Delivered';
    case 'failed':
      return answer ? `Failed · ${answer}` : 'Failed';
    case 'pending':
      if (delivery.attempts === 0) return 'Pending';
      return answer ? `Retrying · ${answer}` : 'Retrying';
  }
}

/** A span of time in the largest unit that keeps it readable: "45 s", "4 min", "2 h", "3 days". */
export function spanText(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}

/** When a pending delivery is tried next, from `now`: "in 4 min", "due now", or "—" when none is planned. */
export function nextRetryText(nextAttemptAt: string | null, now: number): string {
  if (nextAttemptAt === null) return '—';
  const due = Date.parse(nextAttemptAt);
  if (Number.isNaN(due)) return '—';
  return due <= now ? 'due now' : `in ${spanText(due - now)}`;
}

/** How long ago `time` was, from `now`: "2 min ago", "just now" under 5 s; "never" for null. */
export function agoText(time: string | null, now: number): string {
  if (time === null) return 'never';
  const at = Date.parse(time);
  if (Number.isNaN(at)) return time;
  const ms = now - at;
  return ms < 5_000 ? 'just now' : `${spanText(ms)} ago`;
}

/** The endpoints table's "last delivery" status: "No deliveries yet", else the outcome as in the log. */
export function lastDeliveryText(last: WebhookEndpoint['last_delivery']): string {
  if (last === null) return 'No deliveries yet';
  const answer = answerText(last.last_status_code, null);
  const word = last.status === 'delivered' ? 'Delivered' : last.status === 'failed' ? 'Failed' : last.last_attempt_at ? 'Retrying' : 'Pending';
  return answer ? `${word} · ${answer}` : word;
}

/** An endpoint's state: "Enabled", "Failing since …" (still enabled), or why it is disabled. */
export function endpointStateText(endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason' | 'failing_since'>, now: number): string {
  if (!endpoint.enabled) return endpoint.disabled_reason ? `Disabled: ${endpoint.disabled_reason}` : 'Disabled';
  if (endpoint.failing_since) return `Enabled, failing for ${spanText(now - Date.parse(endpoint.failing_since))}`;
  return 'Enabled';
}

/**
 * The pending deliveries that wait for an older pending one of the same endpoint (the log is of one
 * endpoint, newest first): deliveries go out in order, so those are not sent when due but after it.
 */
export function waitingBehindOlder(deliveries: readonly Pick<WebhookDelivery, 'id' | 'status'>[]): Set<number> {
  const waiting = new Set<number>();
  let olderPending = false;
  for (let index = deliveries.length - 1; index >= 0; index--) {
    const delivery = deliveries[index];
    if (!delivery || delivery.status !== 'pending') continue;
    if (olderPending) waiting.add(delivery.id);
    olderPending = true;
  }
  return waiting;
}

/** The log's "next retry": when it is due, or "after earlier deliveries" for one due but queued behind an older pending one. */
export function nextAttemptText(delivery: Pick<WebhookDelivery, 'status' | 'next_attempt_at'>, queuedBehind: boolean, now: number): string {
  if (delivery.status !== 'pending') return nextRetryText(null, now);
  const due = delivery.next_attempt_at === null ? Number.NaN : Date.parse(delivery.next_attempt_at);
  if (queuedBehind && !(due > now)) return 'after earlier deliveries';
  return nextRetryText(delivery.next_attempt_at, now);
}
