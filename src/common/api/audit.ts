import { z } from 'zod';
import { numberField, text } from './fields.js';
import { USER_ROLES, userRole } from './users.js';

/** A day (YYYY-MM-DD, UTC) or an ISO-8601 date-time with its offset. */
const DATE_OR_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

function dateOrTime(label: string) {
  return text(40, label).refine((value) => DATE_OR_TIME.test(value) && !Number.isNaN(Date.parse(value)), {
    message: `${label} must be a date (YYYY-MM-DD) or an ISO-8601 date-time`,
  });
}

/** GET /api/audit and /api/audit/export: filters, each optional. */
export const auditFilters = z.object({
  /** The actor's username, exactly. */
  actor: text(200, 'actor').optional(),
  entity: text(60, 'entity').optional(),
  entity_id: text(200, 'entity_id').optional(),
  action: text(60, 'action').optional(),
  /** On or after: a day counts from its start (UTC). */
  from: dateOrTime('from').optional(),
  /** On or before: a day counts to its end (UTC). */
  to: dateOrTime('to').optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = auditFilters.extend({
  page: numberField(z.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1)),
  page_size: numberField(
    z.number().int('page_size must be a whole number').min(1, 'page_size must be from 1 to 200').max(200, 'page_size must be from 1 to 200').default(50),
  ),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** One entry of the audit log. before/after: the fields as they were and became (null: no side), secrets masked. */
export const auditEntry = z.object({
  id: z.number(),
  /** The username at the time; null for the system (a scheduled job) or an unknown visitor. */
  actor: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ items: z.array(auditEntry), total: z.number() });
export type AuditPage = z.infer<typeof auditPage>;

/** The values the filters can take: every actor, entity and action in the log. */
export const auditFacets = z.object({ actors: z.array(z.string()), entities: z.array(z.string()), actions: z.array(z.string()) });
export type AuditFacets = z.infer<typeof auditFacets>;

/** Most rows one CSV export holds (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
const RETENTION_MESSAGE = `Audit retention must be from ${AUDIT_RETENTION_MIN_DAYS} to ${AUDIT_RETENTION_MAX_DAYS} days`;

/** GET and PUT /api/settings/team: the owner's security settings of the team. */
export const teamSettings = z.object({
  /** The roles whose users must sign in with a second factor. */
  require_2fa_roles: z.array(userRole).max(USER_ROLES.length),
  /** Audit entries older than this are deleted (hourly). */
  audit_retention_days: z
    .number({ error: RETENTION_MESSAGE })
    .int('Audit retention must be a whole number of days')
    .min(AUDIT_RETENTION_MIN_DAYS, RETENTION_MESSAGE)
    .max(AUDIT_RETENTION_MAX_DAYS, RETENTION_MESSAGE),
});
export type TeamSettings = z.infer<typeof teamSettings>;
