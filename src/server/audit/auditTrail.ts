import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import { type AuditActor, currentActor } from './auditContext.js';

/** One change as the audit log keeps it. `before`/`after`: the record's fields (null: no side). */
export interface AuditChange {
  /** provider, coverage_layer, tower, sector, antenna_pattern, settings, user, invitation, lead, webhook, session, … */
  entity: string;
  entityId: string | number | null;
  /** create, update, delete, upload, sign_in, sign_in_failed, 2fa_enabled, … */
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** What a secret is shown as in the log. */
export const MASKED = '••••••';
/**
 * Field names whose values are secrets: never written to the log in clear. A name that only says
 * which kind of secret (`api_auth_type`: none, basic, bearer …) is not one.
 */
const SECRET_FIELD = /pass|secret|token|hash|api_key|apikey|auth_config|authorization|headers|credential|sealed|totp|recovery/i;

/** Masks secret fields at any depth; other values are kept as JSON would write them. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [key, SECRET_FIELD.test(key) && field != null ? MASKED : maskSecrets(field)]),
  );
}

/**
 * An update's diff: the fields whose values differ (compared as JSON), each side with only those.
 * A create or delete keeps the whole side it has.
 */
export function auditDiff(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/**
 * Writes the audit log, always inside the change's own transaction (`trx`), so a change and its
 * entry exist together or not at all. The actor is the request's (auditContext.ts) unless given.
 */
export class AuditTrail {
  constructor(private readonly clock: Clock) {}

  async record(trx: Executor, change: AuditChange, actor: AuditActor = currentActor()): Promise<void> {
    const { before, after } = auditDiff(change.before, change.after);
    await trx
      .insertInto('audit_log')
      .values({
        created_at: this.clock.now().toISOString(),
        actor_user_id: actor.userId,
        actor: actor.username,
        ip_address: actor.ip,
        action: change.action,
        entity: change.entity,
        entity_id: change.entityId === null ? null : String(change.entityId),
        before_json: before ? JSON.stringify(maskSecrets(before)) : null,
        after_json: after ? JSON.stringify(maskSecrets(after)) : null,
      })
      .execute();
  }
}

/** The port a service writes the audit log through (tests hand in a fake). */
export type AuditRecorder = Pick<AuditTrail, 'record'>;
