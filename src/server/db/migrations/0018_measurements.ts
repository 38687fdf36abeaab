import type { Kysely, Migration } from 'kysely';
import { type DialectName, withIdColumn } from '../dialect.js';

/**
 * Issue 21: predictions that learn from the ISP's own installs.
 * - `measurements`: a signal measured at a spot from a tower (and a sector, when known), by an
 *   install, a site survey or a drive test; `rssi_dbm` null is an install that failed for want of
 *   signal. The `predicted_*` columns are the current (uncalibrated) model's answer there, filled in
 *   the background and kept while `prediction_key` (the hash of the tower's radio inputs and the
 *   measurement's own) still matches; null until then.
 * - `calibration_fits`: one row (id 1), the latest fit of the calibration to the measurements: the
 *   model (JSON), the error report (JSON, cross-validated figures), the hash of the measurements
 *   it was fitted on, when and how long it took.
 */
export function measurementsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await withIdColumn(dialect, db.schema.createTable('measurements'))
        .addColumn('tower_id', 'integer', (c) => c.notNull().references('towers.id').onDelete('cascade'))
        .addColumn('sector_id', 'integer', (c) => c.references('tower_sectors.id').onDelete('set null'))
        .addColumn('latitude', 'double precision', (c) => c.notNull())
        .addColumn('longitude', 'double precision', (c) => c.notNull())
        .addColumn('height_m', 'double precision', (c) => c.notNull())
        .addColumn('rssi_dbm', 'double precision')
        .addColumn('measured_at', 'text', (c) => c.notNull())
        .addColumn('cpe_profile', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('note', 'text')
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('predicted_dbm', 'double precision')
        .addColumn('predicted_los', 'integer')
        .addColumn('predicted_sector_id', 'integer')
        .addColumn('distance_m', 'double precision')
        .addColumn('clutter_class', 'text')
        .addColumn('prediction_key', 'text')
        .addColumn('predicted_at', 'text')
        .execute();
      await db.schema.createIndex('measurements_tower').on('measurements').columns(['tower_id', 'prediction_key']).execute();
      await db.schema.createIndex('measurements_measured_at').on('measurements').column('measured_at').execute();
      await db.schema.createIndex('measurements_lead').on('measurements').column('lead_id').execute();

      await db.schema
        .createTable('calibration_fits')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('model_json', 'text', (c) => c.notNull())
        .addColumn('report_json', 'text', (c) => c.notNull())
        .addColumn('measurements_hash', 'text', (c) => c.notNull())
        .addColumn('model_hash', 'text', (c) => c.notNull())
        .addColumn('fitted_at', 'text', (c) => c.notNull())
        .addColumn('fit_ms', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
