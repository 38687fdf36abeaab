import type { Sector } from '../../common/api/sectors.js';
import type { BulkImportResult, Tower, TowerInput, TowerUpdate } from '../../common/api/towers.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import type { DbTransaction, Executor } from '../db/transactions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { type PlannedTower, patternIdsOf, planBulkImport, providerIdsOf, withKnownPatterns, withKnownProviders } from './bulkImportPlan.js';
import type { SectorRecord } from './sectorRepository.js';
import { newSectorRecord, PATTERN_NOT_FOUND, type SectorStore, toApi as sectorToApi } from './sectorService.js';
import type { NewTowerRecord, TowerChanges, TowerRecord, TowerRepository } from './towerRepository.js';

/** The adapters the service is given, by the part of them it uses (tests hand in fakes). */
export type TowerStore = Pick<TowerRepository, 'listInScope' | 'find' | 'insert' | 'insertMany' | 'update' | 'delete' | 'existingProviderIds'>;
export type TowerSectors = Pick<SectorStore, 'listAll' | 'listOf' | 'insertMany' | 'existingPatternIds'>;
export type CoverageCommits = Pick<CoverageChanges, 'commit'>;

const NOT_FOUND = 'Tower not found';
/** A provider outside an editor's scope is refused in the words of a missing one. */
const PROVIDER_NOT_FOUND = 'Provider not found';
const OWNER_REQUIRED = "Choose one of your providers as the tower's owner";

/**
 * Rules for towers: defaults and field checks (the schemas of common/api/towers.ts apply the
 * defaults and checks), bulk import row by row with their sectors. Towers feed every coverage
 * check's wireless answer, so every write commits through CoverageChanges and moves the coverage
 * revision. A tower is answered with its sectors (SectorService changes them). A tower belongs to a
 * provider (provider_id) or to the map operator (null); a provider editor's scope reaches only
 * their providers' towers (another's is not found) and keeps them theirs.
 */
export class TowerService {
  constructor(
    private readonly repo: TowerStore,
    private readonly clock: Clock,
    private readonly coverage: CoverageCommits,
    private readonly sectors: TowerSectors,
    private readonly audit: AuditRecorder,
  ) {}

  async list(scope: ProviderScope): Promise<Tower[]> {
    const [towers, sectors] = await Promise.all([this.repo.listInScope(scope), this.sectors.listAll()]);
    const byTower = new Map<number, Sector[]>();
    for (const sector of sectors) {
      const list = byTower.get(sector.tower_id) ?? [];
      list.push(sectorToApi(sector));
      byTower.set(sector.tower_id, list);
    }
    return towers.map((record) => toApi(record, byTower.get(record.id) ?? []));
  }

  async get(id: number, scope: ProviderScope): Promise<Tower> {
    const record = await this.requireInScope(id, scope);
    return toApi(record, await this.sectors.listOf(id));
  }

  async create(input: TowerInput, scope: ProviderScope): Promise<Tower> {
    const record = this.newRecord(input);
    const created = await this.coverage.commit(async (trx) => {
      await this.requireOwner(record.provider_id, scope, trx);
      const inserted = await this.repo.insert(record, trx);
      await this.audit.record(trx, { entity: 'tower', entityId: inserted.id, action: 'create', after: { ...inserted } });
      return inserted;
    });
    return toApi(created, []);
  }

  /** Changes the given fields; absent ones keep their stored value. */
  async update(id: number, input: TowerUpdate, scope: ProviderScope): Promise<Tower> {
    const changes: TowerChanges = { ...definedOnly(input), updated_at: this.clock.now().toISOString() };
    return this.coverage.commit(async (trx) => {
      await this.requireInScope(id, scope, trx);
      if (input.provider_id !== undefined) await this.requireOwner(input.provider_id, scope, trx);
      const before = await this.repo.find(id, trx);
      const record = await this.repo.update(id, changes, trx);
      if (!record) throw new NotFoundError(NOT_FOUND);
      await this.audit.record(trx, { entity: 'tower', entityId: id, action: 'update', before: { ...before }, after: { ...record } });
      return toApi(record, await this.sectors.listOf(id, trx));
    });
  }

  async delete(id: number, scope: ProviderScope): Promise<void> {
    await this.coverage.commit(async (trx) => {
      await this.requireInScope(id, scope, trx);
      const deleted = await this.repo.delete(id, trx);
      if (!deleted) throw new NotFoundError(NOT_FOUND);
      await this.audit.record(trx, { entity: 'tower', entityId: id, action: 'delete', before: { ...deleted } });
    });
  }

  /** The tower, or NotFoundError when there is none or its owner is outside the scope (the two answer alike). */
  private async requireInScope(id: number, scope: ProviderScope, trx?: Executor): Promise<TowerRecord> {
    const record = await this.repo.find(id, trx);
    if (!record || !inProviderScope(scope, record.provider_id)) throw new NotFoundError(NOT_FOUND);
    return record;
  }

  /**
   * Checks a tower's owner: an existing provider, or null (the operator's) for a scope of every
   * provider; one of their own providers for a provider editor.
   */
  private async requireOwner(providerId: number | null, scope: ProviderScope, trx: Executor): Promise<void> {
    if (providerId === null) {
      if (scope !== null) throw new ValidationError(OWNER_REQUIRED);
      return;
    }
    if (!inProviderScope(scope, providerId) || !(await this.repo.existingProviderIds([providerId], trx)).has(providerId)) {
      throw new ValidationError(PROVIDER_NOT_FOUND);
    }
  }

  /**
   * Checks each row with the rules of a single tower or sector (bulkImportPlan.ts: tower rows with
   * nested sectors, sector rows naming their tower). The valid towers and their sectors are stored
   * together in one transaction (one coverage revision); the rest are not stored and are reported,
   * each problem with the row's index and name and the field it concerns.
   */
  async bulkImport(rows: readonly unknown[]): Promise<BulkImportResult> {
    const parsed = planBulkImport(rows);
    const withPatterns = withKnownPatterns(parsed, await this.sectors.existingPatternIds(patternIdsOf(parsed)), PATTERN_NOT_FOUND);
    const plan = withKnownProviders(withPatterns, await this.repo.existingProviderIds(providerIdsOf(withPatterns)), PROVIDER_NOT_FOUND);
    const stored =
      plan.towers.length === 0
        ? { towers: 0, sectors: 0 }
        : await this.coverage.commit(async (trx) => {
            const counts = await this.storePlanned(plan.towers, trx);
            // One row for the import: its counts, not every tower.
            const after = { imported_count: counts.towers, imported_sector_count: counts.sectors, error_count: plan.rejectedRows.size };
            await this.audit.record(trx, { entity: 'tower', entityId: null, action: 'bulk_import', after });
            return counts;
          });
    return { imported_count: stored.towers, imported_sector_count: stored.sectors, error_count: plan.rejectedRows.size, errors: plan.errors };
  }

  /** Towers without sectors in chunks; a tower with sectors alone, for its id. */
  private async storePlanned(towers: readonly PlannedTower[], trx: DbTransaction): Promise<{ towers: number; sectors: number }> {
    const now = this.clock.now().toISOString();
    let storedTowers = await this.repo.insertMany(
      towers.filter((tower) => tower.sectors.length === 0).map((tower) => this.newRecord(tower.input)),
      trx,
    );
    const sectors = [];
    for (const tower of towers.filter((t) => t.sectors.length > 0)) {
      const record = await this.repo.insert(this.newRecord(tower.input), trx);
      storedTowers += 1;
      sectors.push(...tower.sectors.map((sector) => newSectorRecord(record, sector.input, now)));
    }
    return { towers: storedTowers, sectors: sectors.length === 0 ? 0 : await this.sectors.insertMany(sectors, trx) };
  }

  private newRecord(input: TowerInput): NewTowerRecord {
    const now = this.clock.now().toISOString();
    return {
      name: input.name,
      code: input.code ?? null,
      latitude: input.latitude,
      longitude: input.longitude,
      height_meters: input.height_meters,
      antenna_height_meters: input.antenna_height_meters,
      frequency_ghz: input.frequency_ghz,
      power_dbm: input.power_dbm,
      coverage_radius_km: input.coverage_radius_km,
      description: input.description ?? null,
      active: input.active,
      installed_date: input.installed_date ?? null,
      provider_id: input.provider_id ?? null,
      created_at: now,
      updated_at: now,
    };
  }
}

/** The API's tower is the record as it is, with its sectors. */
function toApi(record: TowerRecord, sectors: ReadonlyArray<Sector | SectorRecord>): Tower {
  return { ...record, sectors: sectors.map(sectorToApi) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
