import type { CoverageLayer } from '../../common/api/coverageLayers.js';
import type { ServiceStatus } from '../../common/serviceStatus.js';
import { KmlParseError } from '../../geo/kml/index.js';
import type { Clock } from '../clock.js';
import { fromBool, toBool } from '../db/dialect.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { UploadedFile } from '../http/multipart.js';
import type { ProviderRepository } from '../providers/providerRepository.js';
import { ingestKml } from './kmlIngest.js';
import type { CreateLayerInput, UpdateLayerInput } from './layerInput.js';
import type { LayerRepository, LayerSummaryRow } from './layerRepository.js';
import { parseStringList } from './storedJson.js';

const COVERAGE_FILE = /\.(kml|kmz)$/i;

/** What an uploaded file becomes in the database. */
interface IngestedFile {
  geometry: Buffer;
  feature_count: number;
  detected_colors: string;
  kml_filename: string;
}

/** Rules for coverage layers; `onCoverageChanged` lets this process rebuild its index at once. */
export class LayerService {
  constructor(
    private readonly repo: LayerRepository,
    private readonly providers: ProviderRepository,
    private readonly clock: Clock,
    private readonly onCoverageChanged: () => Promise<void>,
  ) {}

  async list(): Promise<CoverageLayer[]> {
    return (await this.repo.list()).map(toApi);
  }

  async get(id: number): Promise<CoverageLayer> {
    return toApi(await this.requireRow(id));
  }

  async create(input: CreateLayerInput, file: UploadedFile | null): Promise<CoverageLayer> {
    await this.requireProvider(input.provider_id);
    const ingested = file ? await ingest(file.filename, file.bytes) : null;
    const now = this.clock.now().toISOString();
    const id = await this.repo.insert({
      name: input.name,
      provider_id: input.provider_id,
      services: JSON.stringify(input.services),
      active: fromBool(input.active),
      default_status: input.default_status,
      use_manual_override: fromBool(input.use_manual_override),
      manual_override_status: input.use_manual_override ? (input.manual_override_status ?? null) : null,
      color_mappings: input.color_mappings && input.color_mappings.length > 0 ? JSON.stringify(input.color_mappings) : null,
      geometry: ingested?.geometry ?? null,
      kml_filename: ingested?.kml_filename ?? null,
      feature_count: ingested?.feature_count ?? 0,
      detected_colors: ingested?.detected_colors ?? null,
      created_at: now,
      updated_at: now,
    });
    await this.onCoverageChanged();
    return this.get(id);
  }

  /** Upload or replace the layer's file. A file that does not parse changes nothing. */
  async uploadFile(id: number, file: UploadedFile): Promise<CoverageLayer> {
    await this.requireRow(id);
    const ingested = await ingest(file.filename, file.bytes);
    await this.repo.update(id, { ...ingested, updated_at: this.clock.now().toISOString() });
    await this.onCoverageChanged();
    return this.get(id);
  }

  async update(id: number, input: UpdateLayerInput): Promise<CoverageLayer> {
    const stored = await this.requireRow(id);
    if (input.provider_id !== undefined) await this.requireProvider(input.provider_id);
    const override = input.use_manual_override ?? toBool(stored.use_manual_override);
    const mappings = input.color_mappings;
    await this.repo.update(id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.provider_id === undefined ? {} : { provider_id: input.provider_id }),
      ...(input.services === undefined ? {} : { services: JSON.stringify(input.services) }),
      ...(input.active === undefined ? {} : { active: fromBool(input.active) }),
      ...(input.default_status === undefined ? {} : { default_status: input.default_status }),
      use_manual_override: fromBool(override),
      manual_override_status: override ? (input.manual_override_status ?? stored.manual_override_status) : null,
      ...(mappings === undefined ? {} : { color_mappings: mappings && mappings.length > 0 ? JSON.stringify(mappings) : null }),
      updated_at: this.clock.now().toISOString(),
    });
    await this.onCoverageChanged();
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw new NotFoundError('Coverage layer not found');
    await this.onCoverageChanged();
  }

  /**
   * The layer a synced source (My Maps) owns, found by its file name: replaced when it exists,
   * created otherwise (active, status from colours with every colour unknown until assigned).
   */
  async replaceSourceLayer(providerId: number, layerName: string, sourceName: string, bytes: Uint8Array): Promise<CoverageLayer> {
    const ingested = { ...(await ingest(`${sourceName}.kml`, bytes)), kml_filename: sourceName };
    const existing = await this.repo.findByProviderAndFile(providerId, sourceName);
    const now = this.clock.now().toISOString();
    if (existing) {
      await this.repo.update(existing.id, { ...ingested, updated_at: now });
      await this.onCoverageChanged();
      return this.get(existing.id);
    }
    const id = await this.repo.insert({
      name: layerName,
      provider_id: providerId,
      services: '[]',
      active: 1,
      default_status: 'unknown',
      use_manual_override: 0,
      manual_override_status: null,
      color_mappings: null,
      ...ingested,
      created_at: now,
      updated_at: now,
    });
    await this.onCoverageChanged();
    return this.get(id);
  }

  private async requireRow(id: number): Promise<LayerSummaryRow> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError('Coverage layer not found');
    return row;
  }

  private async requireProvider(providerId: number): Promise<void> {
    if (!(await this.providers.find(providerId))) throw new ValidationError('Provider not found');
  }
}

/** Parses a .kml or .kmz upload into stored GeoJSON; a bad file is a 400 with the parser's reason. */
async function ingest(filename: string, bytes: Uint8Array): Promise<IngestedFile> {
  if (!COVERAGE_FILE.test(filename)) throw new ValidationError('Coverage file must be a .kml or .kmz file');
  try {
    const parsed = await ingestKml(bytes, filename);
    return {
      // A Buffer view of the same memory: better-sqlite3 binds Buffers, not plain Uint8Arrays.
      geometry: Buffer.from(parsed.geometry.buffer, parsed.geometry.byteOffset, parsed.geometry.byteLength),
      feature_count: parsed.featureCount,
      detected_colors: JSON.stringify(parsed.colors),
      kml_filename: filename,
    };
  } catch (error) {
    if (error instanceof KmlParseError) throw new ValidationError(error.message);
    throw error;
  }
}

function toApi(row: LayerSummaryRow): CoverageLayer {
  return {
    id: row.id,
    name: row.name,
    provider_id: row.provider_id,
    services: parseStringList(row.services),
    kml_data: row.has_geometry,
    kml_filename: row.kml_filename,
    feature_count: Number(row.feature_count),
    detected_colors: parseStringList(row.detected_colors),
    active: toBool(row.active),
    default_status: row.default_status as ServiceStatus,
    color_mappings: row.color_mappings,
    use_manual_override: toBool(row.use_manual_override),
    manual_override_status: (row.manual_override_status as ServiceStatus | null) ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
