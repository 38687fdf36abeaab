/** A stored ISO time as the reader's local date and time ("27 Nov 2026, 14:05"). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}
