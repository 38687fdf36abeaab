import type { WaitlistEntry, WaitlistStatus, WaitlistSummaryRow } from '../../../common/api/waitlist.js';

export const WAITLIST_STATUS_LABELS: Record<WaitlistStatus, string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

/** What the entry waits for: its provider (or any provider), and its zone when it is a pre-registration. */
export function entryTarget(entry: Pick<WaitlistEntry, 'provider_name' | 'zone_name'>): string {
  const provider = entry.provider_name ?? 'Any provider';
  return entry.zone_name ? `${provider} · zone ${entry.zone_name}` : provider;
}

/** An entry's state in a few words: its status, and for a confirmed one whether it has been told service is live. */
export function entryStateText(entry: Pick<WaitlistEntry, 'status' | 'notified_at'>): string {
  if (entry.status === 'confirmed' && entry.notified_at !== null) return 'Confirmed, told it is live';
  return WAITLIST_STATUS_LABELS[entry.status];
}

/** The summary's totals over every provider. */
export function summaryTotals(rows: readonly WaitlistSummaryRow[]): Omit<WaitlistSummaryRow, 'provider_id' | 'provider_name'> {
  const totals = { pending: 0, confirmed: 0, unsubscribed: 0, notified: 0 };
  for (const row of rows) {
    totals.pending += row.pending;
    totals.confirmed += row.confirmed;
    totals.unsubscribed += row.unsubscribed;
    totals.notified += row.notified;
  }
  return totals;
}
