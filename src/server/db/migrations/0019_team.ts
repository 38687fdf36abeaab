import type { Kysely, Migration } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 22: a team instead of one password.
 * - `admin_users` gain a role (owner, admin, viewer, provider_editor: the existing admins become
 *   owners), an e-mail, a disabled time, and the TOTP second factor (the secret sealed by the
 *   secret box, when it was enabled, and the last time step used, so a code is not reused).
 * - `user_providers`: the providers a provider editor is scoped to.
 * - `user_invitations`: an owner's invitation (the token stored hashed, single use, 72 h).
 * - `user_recovery_codes`: ten single-use recovery codes per user, stored hashed.
 * - `login_challenges`: the second step of a sign-in with 2FA (the challenge stored hashed).
 * - `admin_sessions` gain the browser (user agent), the address and when last seen.
 * - `team_settings`: one row (id 1): the roles that must use 2FA (JSON list) and the audit log's
 *   retention in days (365).
 * - `audit_log`: who changed what, when, from where, with a before/after diff (secrets masked).
 * - `towers.provider_id`: the provider that owns a tower (null: the map's operator), so a provider
 *   editor edits only their own.
 */
export function teamMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('admin_users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
        .execute();
      await db.schema.alterTable('admin_users').addColumn('email', 'text').execute();
      await db.schema.alterTable('admin_users').addColumn('disabled_at', 'text').execute();
      await db.schema.alterTable('admin_users').addColumn('totp_secret_sealed', 'text').execute();
      await db.schema.alterTable('admin_users').addColumn('totp_enabled_at', 'text').execute();
      await db.schema.alterTable('admin_users').addColumn('totp_last_step', 'integer').execute();

      await db.schema
        .createTable('user_providers')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('user_providers_pk', ['user_id', 'provider_id'])
        .execute();
      await db.schema.createIndex('user_providers_provider').on('user_providers').column('provider_id').execute();

      await withIdColumn(dialect, db.schema.createTable('user_invitations'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('provider_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'integer', (c) => c.references('admin_users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('accepted_at', 'text')
        .addColumn('accepted_user_id', 'integer', (c) => c.references('admin_users.id').onDelete('set null'))
        .addColumn('revoked_at', 'text')
        .execute();

      await withIdColumn(dialect, db.schema.createTable('user_recovery_codes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').column('user_id').execute();

      await withIdColumn(dialect, db.schema.createTable('login_challenges'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('ip_address', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();

      await db.schema.alterTable('admin_sessions').addColumn('user_agent', 'text').execute();
      await db.schema.alterTable('admin_sessions').addColumn('ip_address', 'text').execute();
      await db.schema.alterTable('admin_sessions').addColumn('last_seen_at', 'text').execute();

      await db.schema
        .createTable('team_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('require_2fa_roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('audit_retention_days', 'integer', (c) => c.notNull().defaultTo(365))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('team_settings')
        .values({ id: 1, require_2fa_roles: '[]', audit_retention_days: 365, updated_at: new Date().toISOString() })
        .execute();

      await withIdColumn(dialect, db.schema.createTable('audit_log'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor', 'text')
        .addColumn('ip_address', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').column('actor').execute();

      await db.schema
        .alterTable('towers')
        .addColumn('provider_id', 'integer', (c) => c.references('providers.id').onDelete('set null'))
        .execute();
    },
  };
}
