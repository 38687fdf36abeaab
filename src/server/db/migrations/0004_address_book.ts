import { type Kysely, type Migration, sql } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 4: the imported address book of the geocoder, and a key/value table for settings an admin
 * changes at run time (first: the domains allowed to embed the map).
 */
export function addressBookMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      // label_normalized is already lower case. The collation lets `like 'prefix%'` use the index:
      // SQLite's LIKE is case-insensitive, so the column must be NOCASE; PostgreSQL needs "C"
      // (byte order) rather than a locale collation.
      const prefixSearchCollation = dialect === 'postgres' ? sql`collate "C"` : sql`collate nocase`;
      await withIdColumn(dialect, db.schema.createTable('addresses'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('label_normalized', 'text', (c) => c.notNull().modifyEnd(prefixSearchCollation))
        .addColumn('lat', 'double precision', (c) => c.notNull())
        .addColumn('lng', 'double precision', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('import'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('addresses_label_normalized').on('addresses').column('label_normalized').execute();

      await db.schema
        .createTable('app_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
