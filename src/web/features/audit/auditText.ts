import type { AuditEntry } from '../../../common/api/audit.js';

/** One changed field of an entry, as the diff shows it: its old and new value as text ("—": none). */
export interface AuditFieldChange {
  field: string;
  before: string;
  after: string;
}

const NONE = '—';

/** A value as one line of text: strings as they are, the rest as JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return NONE;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an entry records, each with its value before and after (a create has no before, a delete no after). */
export function auditFieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditFieldChange[] {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  return fields.map((field) => ({ field, before: auditValueText(entry.before?.[field]), after: auditValueText(entry.after?.[field]) }));
}

/** "provider" -> "Provider", "coverage_layer" -> "Coverage layer", "rotate_secret" -> "Rotate secret". */
export function auditWord(name: string): string {
  const spaced = name.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Who made the change: the username, or "System" for a scheduled job. */
export function auditActorText(actor: string | null): string {
  return actor ?? 'System';
}
