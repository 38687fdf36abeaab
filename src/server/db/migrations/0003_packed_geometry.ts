import type { MultiPolygon, Polygon } from 'geojson';
import type { Kysely, Migration } from 'kysely';
import { encodePackedCollection } from '../../../geo/packedCollection.js';
import { packGeometry } from '../../../geo/packedGeometry.js';
import { binaryColumnType, type DialectName } from '../dialect.js';

interface StoredGeoJson {
  features: { geometry: Polygon | MultiPolygon; properties?: { name?: string | null; color?: string | null } }[];
}

/**
 * Coverage geometry moves from GeoJSON text to the packed binary form (src/geo/packedCollection.ts):
 * measured on the 10,000-polygon benchmark, the server's ingest peak fell from about 440 MB to
 * below ogr2ogr's, because reading GeoJSON text back builds ~70-byte arrays per vertex.
 */
export function packedGeometryMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('coverage_layers').addColumn('geometry', binaryColumnType(dialect)).execute();
      const rows = await db.selectFrom('coverage_layers').select(['id', 'geojson']).where('geojson', 'is not', null).execute();
      for (const row of rows as { id: number; geojson: string }[]) {
        const stored = JSON.parse(row.geojson) as StoredGeoJson;
        const packed = encodePackedCollection(
          stored.features.map((f) => ({
            polygons: packGeometry(f.geometry),
            properties: { name: f.properties?.name ?? null, color: f.properties?.color ?? null },
          })),
        );
        await db
          .updateTable('coverage_layers')
          .set({ geometry: Buffer.from(packed) })
          .where('id', '=', row.id)
          .execute();
      }
      await db.schema.alterTable('coverage_layers').dropColumn('geojson').execute();
    },
  };
}
