import type { Kysely, Migration } from 'kysely';

/**
 * Issue 17: coverage_layers.geometry_version, moved on by layerRepository.ts whenever a layer's
 * stored geometry is replaced or removed. The coverage engine compares it with the version its
 * index was built from, and reads the geometry of changed layers only; before, every rebuild read
 * every live layer's geometry (megabytes each) and compared it byte for byte. Ids are never reused
 * (autoincrement, serial), so a layer's id and version name one geometry.
 */
export const layerGeometryVersionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('coverage_layers')
      .addColumn('geometry_version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.updateTable('coverage_layers').set({ geometry_version: 1 }).where('geometry_bytes', 'is not', null).execute();
  },
};
