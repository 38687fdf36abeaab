import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { CoverageLayersTable, Database } from '../db/schema.js';
import { bumpCoverageRevision } from './coverageRevision.js';

export type LayerRow = Selectable<CoverageLayersTable>;
/** A layer without its (possibly large) geometry. */
export type LayerSummaryRow = Omit<LayerRow, 'geometry'> & { has_geometry: boolean };

const SUMMARY_COLUMNS = [
  'id',
  'name',
  'provider_id',
  'services',
  'kml_filename',
  'active',
  'default_status',
  'color_mappings',
  'use_manual_override',
  'manual_override_status',
  'feature_count',
  'detected_colors',
  'created_at',
  'updated_at',
] as const;

/** SQL for coverage layers. Every write moves the coverage revision in the same transaction. */
export class LayerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private summaries() {
    return this.db
      .selectFrom('coverage_layers')
      .select(SUMMARY_COLUMNS)
      .select((eb) => eb('geometry', 'is not', null).as('has_geometry'));
  }

  async list(): Promise<LayerSummaryRow[]> {
    const rows = await this.summaries().orderBy('name').orderBy('id').execute();
    return rows.map((r) => ({ ...r, has_geometry: Boolean(r.has_geometry) }));
  }

  async find(id: number): Promise<LayerSummaryRow | undefined> {
    const row = await this.summaries().where('id', '=', id).executeTakeFirst();
    return row && { ...row, has_geometry: Boolean(row.has_geometry) };
  }

  async findByProviderAndFile(providerId: number, kmlFilename: string): Promise<LayerSummaryRow | undefined> {
    const row = await this.summaries().where('provider_id', '=', providerId).where('kml_filename', '=', kmlFilename).executeTakeFirst();
    return row && { ...row, has_geometry: Boolean(row.has_geometry) };
  }

  /** Active layers of active providers, with their geometry: what the coverage index is built from. */
  liveLayers(): Promise<(LayerRow & { provider_name: string })[]> {
    return this.db
      .selectFrom('coverage_layers as l')
      .innerJoin('providers as p', 'p.id', 'l.provider_id')
      .selectAll('l')
      .select('p.name as provider_name')
      .where('l.active', '=', 1)
      .where('p.active', '=', 1)
      .where('l.geometry', 'is not', null)
      .orderBy('l.id')
      .execute();
  }

  async insert(row: Insertable<CoverageLayersTable>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('coverage_layers').values(row).returning('id').executeTakeFirstOrThrow();
      await bumpCoverageRevision(trx);
      return id;
    });
  }

  async update(id: number, changes: Updateable<CoverageLayersTable>): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('coverage_layers').set(changes).where('id', '=', id).executeTakeFirst();
      const changed = Number(result.numUpdatedRows) > 0;
      if (changed) await bumpCoverageRevision(trx);
      return changed;
    });
  }

  async delete(id: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('coverage_layers').where('id', '=', id).executeTakeFirst();
      const deleted = Number(result.numDeletedRows) > 0;
      if (deleted) await bumpCoverageRevision(trx);
      return deleted;
    });
  }
}
