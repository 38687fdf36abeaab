import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '../../../common/api/audit.js';

/** What is wrong with the retention typed (days), or null when it can be saved. */
export function retentionProblem(text: string): string | null {
  const days = Number(text.trim());
  if (text.trim() === '' || !Number.isInteger(days) || days < AUDIT_RETENTION_MIN_DAYS || days > AUDIT_RETENTION_MAX_DAYS) {
    return `Audit retention must be from ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS} days`;
  }
  return null;
}
