import type { Kysely, Migration } from 'kysely';
import { BUILTIN_PATTERNS } from '../../../geo/rf/antenna/builtinPatterns.js';
import { binaryColumnType, type DialectName, toFloat64Bytes, withIdColumn } from '../dialect.js';

/**
 * Issue 19: sector antennas on towers, and the library of antenna patterns they use.
 *
 * - antenna_patterns: a pattern as src/geo/rf/antenna/antennaPattern.ts keeps it: the peak gain
 *   (dBi) and two tables of 360 attenuations (dB below the peak, one a degree), stored as packed
 *   float64 bytes (toFloat64Bytes: 2,880 bytes a table, read back bit for bit as the file's reader
 *   produced them, so a stored pattern gives the same gains as the parsed one; JSON text of the
 *   same doubles is two to three times larger and has to be parsed), the file's own mechanical
 *   tilt, the file's name and format. `builtin_key` names a built-in pattern (null for uploads):
 *   these are seeded here, from builtinPatterns.ts as it stands, and cannot be deleted.
 * - tower_sectors: at most 12 a tower (the service's rule); gone with their tower; a pattern in
 *   use cannot be deleted (RESTRICT). `height_m` null means the tower's height plus its antenna
 *   height.
 */
export function towerSectorsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('antenna_patterns'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('peak_gain_dbi', 'double precision', (c) => c.notNull())
        .addColumn('horizontal_db', binaryColumnType(dialect), (c) => c.notNull())
        .addColumn('vertical_db', binaryColumnType(dialect), (c) => c.notNull())
        .addColumn('tilt_deg', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('tilt_azimuth_deg', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('builtin_key', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withIdColumn(dialect, db.schema.createTable('tower_sectors'))
        .addColumn('tower_id', 'integer', (c) => c.notNull().references('towers.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('azimuth_deg', 'double precision', (c) => c.notNull())
        .addColumn('downtilt_deg', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('antenna_pattern_id', 'integer', (c) => c.notNull().references('antenna_patterns.id').onDelete('restrict'))
        .addColumn('frequency_ghz', 'double precision', (c) => c.notNull())
        .addColumn('power_dbm', 'double precision', (c) => c.notNull())
        .addColumn('height_m', 'double precision')
        .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tower_sectors_tower_id').on('tower_sectors').column('tower_id').execute();
      await db.schema.createIndex('tower_sectors_antenna_pattern_id').on('tower_sectors').column('antenna_pattern_id').execute();

      const now = new Date().toISOString();
      for (const builtin of BUILTIN_PATTERNS) {
        const { pattern } = builtin;
        await db
          .insertInto('antenna_patterns')
          .values({
            name: pattern.name,
            format: pattern.format,
            file_name: null,
            peak_gain_dbi: pattern.gainDbi,
            horizontal_db: toFloat64Bytes(pattern.horizontalDb),
            vertical_db: toFloat64Bytes(pattern.verticalDb),
            tilt_deg: pattern.tiltDeg,
            tilt_azimuth_deg: pattern.tiltAzimuthDeg,
            builtin_key: builtin.id,
            created_at: now,
          })
          .execute();
      }
    },
  };
}
