import type { CoverageLayer, CreateLayerInput, UpdateLayerInput } from '../../common/api/coverageLayers.js';
import { KmlParseError, type KmlSource } from '../../geo/kml/index.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import { stat } from 'node:fs/promises';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { DbTransaction } from '../db/transactions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { CoverageProviders } from './coverageProviders.js';
import { ingestKml } from './kmlIngest.js';
import type { LayerChanges, LayerRecord, LayerRepository, NewLayerRecord } from './layerRepository.js';

const COVERAGE_FILE = /\.(kml|kmz)$/i;

/** An uploaded .kml or .kmz: the name the client gave it, and its content (on disk or in memory). */
export interface CoverageFileUpload {
  filename: string;
  source: KmlSource;
}

/** What an uploaded file becomes in a layer. */
type IngestedFile = Required<Pick<NewLayerRecord, 'geometry' | 'feature_count' | 'detected_colors' | 'kml_filename'>>;

/**
 * Rules for coverage layers. Every write commits through CoverageChanges, so the index follows. A
 * provider editor's scope reaches only their providers' layers: another's is not found, and a
 * provider outside it is refused as a missing one. (A write answers the layer read back without the
 * scope: the scope was checked before it.)
 */
export class LayerService {
  constructor(
    private readonly repo: LayerRepository,
    private readonly providers: Pick<CoverageProviders, 'exists'>,
    private readonly clock: Clock,
    private readonly coverage: CoverageChanges,
    private readonly audit: AuditRecorder,
  ) {}

  async list(scope: ProviderScope): Promise<CoverageLayer[]> {
    return (await this.repo.list(scope)).map(toApi);
  }

  async get(id: number, scope: ProviderScope): Promise<CoverageLayer> {
    return toApi(await this.requireRecord(id, scope));
  }

  async create(input: CreateLayerInput, file: CoverageFileUpload | null, scope: ProviderScope): Promise<CoverageLayer> {
    await this.requireProvider(input.provider_id, scope);
    const ingested = new HandOver(file ? await ingest(file) : null);
    const now = this.clock.now().toISOString();
    return this.get(
      await this.coverage.commit(async (trx) => {
        const stored = ingested.take();
        const record: NewLayerRecord = {
          name: input.name,
          provider_id: input.provider_id,
          services: input.services,
          active: input.active,
          default_status: input.default_status,
          use_manual_override: input.use_manual_override,
          manual_override_status: input.use_manual_override ? (input.manual_override_status ?? null) : null,
          color_mappings: input.color_mappings && input.color_mappings.length > 0 ? input.color_mappings : null,
          geometry: stored?.geometry ?? null,
          kml_filename: stored?.kml_filename ?? null,
          feature_count: stored?.feature_count ?? 0,
          detected_colors: stored?.detected_colors ?? [],
          created_at: now,
          updated_at: now,
        };
        const id = await this.repo.insert(record, trx);
        await this.audit.record(trx, { entity: 'coverage_layer', entityId: id, action: 'create', after: toApi(await this.requireRecord(id, null, trx)) });
        return id;
      }),
      null,
    );
  }

  /** Upload or replace the layer's file. A file that does not parse changes nothing. */
  async uploadFile(id: number, file: CoverageFileUpload, scope: ProviderScope): Promise<CoverageLayer> {
    const stored = await this.requireRecord(id, scope);
    const sizeBytes = await uploadSize(file.source);
    const ingested = new HandOver(await ingest(file));
    await this.coverage.commit(async (trx) => {
      const taken = ingested.take();
      await this.updateExisting(id, { ...taken, updated_at: this.clock.now().toISOString() }, trx);
      // The file, never its geometry: its name, size and polygons.
      await this.audit.record(trx, {
        entity: 'coverage_layer',
        entityId: id,
        action: 'upload',
        before: stored.kml_filename ? { file_name: stored.kml_filename, polygon_count: stored.feature_count } : null,
        after: { file_name: taken.kml_filename, size_bytes: sizeBytes, polygon_count: taken.feature_count },
      });
    });
    return this.get(id, null);
  }

  /** Changes the given fields; a provider editor may move a layer only between their own providers. */
  async update(id: number, input: UpdateLayerInput, scope: ProviderScope): Promise<CoverageLayer> {
    const stored = await this.requireRecord(id, scope);
    if (input.provider_id !== undefined) await this.requireProvider(input.provider_id, scope);
    const override = input.use_manual_override ?? stored.use_manual_override;
    const mappings = input.color_mappings;
    const changes: LayerChanges = {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.provider_id === undefined ? {} : { provider_id: input.provider_id }),
      ...(input.services === undefined ? {} : { services: input.services }),
      ...(input.active === undefined ? {} : { active: input.active }),
      ...(input.default_status === undefined ? {} : { default_status: input.default_status }),
      use_manual_override: override,
      manual_override_status: override ? (input.manual_override_status ?? stored.manual_override_status) : null,
      ...(mappings === undefined ? {} : { color_mappings: mappings && mappings.length > 0 ? mappings : null }),
      updated_at: this.clock.now().toISOString(),
    };
    await this.coverage.commit(async (trx) => {
      await this.updateExisting(id, changes, trx);
      await this.audit.record(trx, { entity: 'coverage_layer', entityId: id, action: 'update', before: toApi(stored), after: toApi(await this.requireRecord(id, null, trx)) });
    });
    return this.get(id, null);
  }

  async delete(id: number, scope: ProviderScope): Promise<void> {
    await this.requireRecord(id, scope);
    await this.coverage.commit(async (trx) => {
      const stored = await this.requireRecord(id, null, trx);
      if (!(await this.repo.delete(id, trx))) throw new NotFoundError('Coverage layer not found');
      await this.audit.record(trx, { entity: 'coverage_layer', entityId: id, action: 'delete', before: toApi(stored) });
    });
  }

  /**
   * The layer a synced source (My Maps) owns, found by its file name: replaced when it exists,
   * created otherwise (active, status from colours with every colour unknown until assigned).
   */
  async replaceSourceLayer(providerId: number, layerName: string, sourceName: string, bytes: Uint8Array): Promise<CoverageLayer> {
    const file = new HandOver({ ...(await ingest({ filename: `${sourceName}.kml`, source: { bytes } })), kml_filename: sourceName });
    const now = this.clock.now().toISOString();
    const id = await this.coverage.commit(async (trx) => {
      const ingested = file.take();
      const existing = await this.repo.findByProviderAndFile(providerId, sourceName, trx);
      // The synced file, never its geometry: its name and polygons, in the sync's own transaction.
      const synced = { file_name: ingested.kml_filename, polygon_count: ingested.feature_count };
      if (existing) {
        await this.repo.update(existing.id, { ...ingested, updated_at: now }, trx);
        await this.audit.record(trx, {
          entity: 'coverage_layer',
          entityId: existing.id,
          action: 'sync',
          // When it was replaced, so an unchanged map still shows its sync.
          before: { file_name: existing.kml_filename, polygon_count: existing.feature_count, updated_at: existing.updated_at },
          after: { ...synced, updated_at: now },
        });
        return existing.id;
      }
      const created = await this.repo.insert(
        {
          name: layerName,
          provider_id: providerId,
          services: [],
          active: true,
          default_status: 'unknown',
          use_manual_override: false,
          manual_override_status: null,
          color_mappings: null,
          ...ingested,
          created_at: now,
          updated_at: now,
        },
        trx,
      );
      await this.audit.record(trx, { entity: 'coverage_layer', entityId: created, action: 'create', after: { name: layerName, provider_id: providerId, ...synced } });
      return created;
    });
    return this.get(id, null);
  }

  private async updateExisting(id: number, changes: LayerChanges, trx: DbTransaction): Promise<void> {
    if (!(await this.repo.update(id, changes, trx))) throw new NotFoundError('Coverage layer not found');
  }

  /** The layer, or NotFoundError when there is none or its provider is outside the scope (the two answer alike). */
  private async requireRecord(id: number, scope: ProviderScope, trx?: DbTransaction): Promise<LayerRecord> {
    const record = await this.repo.find(id, trx);
    if (!record || !inProviderScope(scope, record.provider_id)) throw new NotFoundError('Coverage layer not found');
    return record;
  }

  /** A provider outside the scope is refused with the words of a missing one: 400 Provider not found. */
  private async requireProvider(providerId: number, scope: ProviderScope): Promise<void> {
    if (!inProviderScope(scope, providerId) || !(await this.providers.exists(providerId))) throw new ValidationError('Provider not found');
  }
}

/**
 * A parsed file (its geometry up to tens of MB) handed to the transaction that stores it, once: the
 * service keeps no reference to it afterwards, so that while the commit's index rebuild runs
 * (reading the stored copy back) this one can already be collected.
 */
class HandOver<T> {
  private taken = false;

  constructor(private value: T) {}

  take(): T {
    if (this.taken) throw new Error('already handed over');
    this.taken = true;
    const value = this.value;
    this.value = null as T;
    return value;
  }
}

/** Parses a .kml or .kmz upload into packed geometry; a bad file is a 400 with the parser's reason. */
async function ingest({ filename, source }: CoverageFileUpload): Promise<IngestedFile> {
  if (!COVERAGE_FILE.test(filename)) throw new ValidationError('Coverage file must be a .kml or .kmz file');
  try {
    const parsed = await ingestKml(source, filename);
    return { geometry: parsed.geometry, feature_count: parsed.featureCount, detected_colors: parsed.colors, kml_filename: filename };
  } catch (error) {
    if (error instanceof KmlParseError) throw new ValidationError(error.message);
    throw error;
  }
}

/** An upload's size in bytes, as the client sent it (spooled to disk or in memory). */
async function uploadSize(source: KmlSource): Promise<number> {
  return 'bytes' in source ? source.bytes.byteLength : (await stat(source.path)).size;
}

function toApi(record: LayerRecord): CoverageLayer {
  const { has_geometry: hasGeometry, color_mappings: mappings, ...fields } = record;
  return { ...fields, kml_data: hasGeometry, color_mappings: mappings ? JSON.stringify(mappings) : null };
}
