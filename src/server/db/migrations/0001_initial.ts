import { type Kysely, type Migration, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * The tables of every entity of the API (providers, coverage layers, towers, leads, search logs), plus admin users, sessions, login failures and the
 * coverage revision counter. Later issues add columns in new migrations; never edit this one.
 */
export function initialMigration(dialect: DialectName): Migration {
  return {
    // Migrations are untyped on purpose: they describe the schema as it was at their time.
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('admin_users'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('admin_sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('admin_sessions_user_id').on('admin_sessions').column('user_id').execute();

      await withIdColumn(dialect, db.schema.createTable('login_failures'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('ip_address', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_failures_username').on('login_failures').columns(['username', 'created_at']).execute();
      await db.schema.createIndex('login_failures_ip_address').on('login_failures').columns(['ip_address', 'created_at']).execute();

      await withIdColumn(dialect, db.schema.createTable('providers'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('signup_url', 'text')
        .addColumn('contact_email', 'text')
        .addColumn('contact_phone', 'text')
        .addColumn('logo_filename', 'text')
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('data_source', 'text', (c) => c.notNull().defaultTo('kml_upload'))
        .addColumn('my_maps_url', 'text')
        .addColumn('auto_sync', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('sync_status', 'text')
        .addColumn('last_sync', 'text')
        .addColumn('sync_error_message', 'text')
        .addColumn('api_endpoint_url', 'text')
        .addColumn('api_headers', 'text')
        .addColumn('api_fields_mapping', 'text')
        .addColumn('api_auth_type', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('api_auth_config', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('coverage_layers'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'integer', (c) => c.notNull().references('providers.id').onDelete('cascade'))
        .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('geojson', 'text')
        .addColumn('kml_filename', 'text')
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('default_status', 'text', (c) => c.notNull().defaultTo('unknown'))
        .addColumn('color_mappings', 'text')
        .addColumn('use_manual_override', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('manual_override_status', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('coverage_layers_provider_id').on('coverage_layers').column('provider_id').execute();

      await withIdColumn(dialect, db.schema.createTable('towers'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('height_meters', 'double precision', (c) => c.notNull())
        .addColumn('antenna_height_meters', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('frequency_ghz', 'double precision', (c) => c.notNull().defaultTo(5.8))
        .addColumn('power_dbm', 'double precision', (c) => c.notNull().defaultTo(20))
        .addColumn('coverage_radius_km', 'double precision', (c) => c.notNull().defaultTo(10))
        .addColumn('description', 'text')
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('installed_date', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('search_logs'))
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('search_type', 'text', (c) => c.notNull())
        .addColumn('lat', 'double precision')
        .addColumn('lng', 'double precision')
        .addColumn('address', 'text')
        .addColumn('coverage_providers', 'text')
        .addColumn('action_taken', 'text', (c) => c.notNull().defaultTo('no_action'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('search_logs_created_at').on('search_logs').column('created_at').execute();

      await withIdColumn(dialect, db.schema.createTable('leads'))
        .addColumn('search_id', 'integer', (c) => c.references('search_logs.id').onDelete('set null'))
        .addColumn('provider_id', 'integer', (c) => c.references('providers.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('message', 'text')
        .addColumn('lead_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leads_created_at').on('leads').column('created_at').execute();

      await db.schema
        .createTable('coverage_revision')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into coverage_revision (id, revision) values (1, 0)`.execute(db);
    },
  };
}
