import type { Kysely, Migration } from 'kysely';
import { binaryColumnType, type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 22: provider logos and uploaded terrain tiles move from each server's DATA_DIR into the
 * database, so that servers with different data folders on one PostgreSQL share them.
 * - `stored_files`: one row a file, by kind ('logo' or 'terrain') and name (unique together), with
 *   the SHA-256 of its content (hex: what each server's disk cache is keyed on), its size in bytes
 *   and content type.
 * - `stored_file_parts`: its bytes in parts of at most 1 MB, written and read one part per
 *   statement with a turn of the event loop between, as layer geometry is (migration 0007).
 * The files themselves are moved in by the server at start (files/legacyFileImport.ts), not here:
 * a migration does not read DATA_DIR.
 */
export function storedFilesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('stored_files'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('stored_files_kind_name', ['kind', 'name'])
        .execute();
      await db.schema
        .createTable('stored_file_parts')
        .addColumn('file_id', 'integer', (c) => c.notNull().references('stored_files.id').onDelete('cascade'))
        .addColumn('part_index', 'integer', (c) => c.notNull())
        .addColumn('data', binaryColumnType(dialect), (c) => c.notNull())
        .addPrimaryKeyConstraint('stored_file_parts_pk', ['file_id', 'part_index'])
        .execute();
    },
  };
}
