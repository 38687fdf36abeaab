import { type DatabaseIntrospector, type DatabaseMetadata, type Kysely, PostgresDialect, type SchemaMetadata, sql, type TableMetadata } from 'kysely';

/**
 * Kysely's PostgreSQL dialect with an introspector that reads only the connection's own schemas
 * (those on its search_path). Kysely's migrator asks the introspector whether its tables exist;
 * Kysely's own introspector answers by reading every table and column of the whole database through
 * has_schema_privilege() and pg_get_serial_sequence(), which look each schema up again by name.
 * When another deployment or test drops a schema or alters a table meanwhile, that query fails with
 * 'schema "…" does not exist' or 'column "…" of relation "…" does not exist', and this server's
 * migration fails with it (seen when several test runs shared one PostgreSQL).
 */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaScopedIntrospector(db);
  }
}

/**
 * Schemas and tables for Kysely's migrator: every schema's name (one catalog read, which a
 * concurrent DROP SCHEMA cannot fail), and the tables and views of the schemas on the search_path,
 * without their columns (the migrator looks only at names).
 */
class SchemaScopedIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows.map(({ name }) => ({ name }));
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      select n.nspname as schema, c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any (current_schemas(false)) and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map(({ schema, name, kind }) => ({ schema, name, isView: kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}
