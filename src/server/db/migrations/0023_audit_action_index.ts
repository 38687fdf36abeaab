import type { Kysely, Migration } from 'kysely';

/**
 * The audit log's entries of one action in id order (audit_log_action): the hourly prune finds the
 * oldest failed sign-ins past AUDIT_FAILED_SIGN_INS_MAX through it without reading the whole log,
 * and the log's filter by action reads it too.
 */
export const auditActionIndexMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
  },
};
