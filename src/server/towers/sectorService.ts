import { MAX_SECTORS_PER_TOWER, SECTOR_LIMIT_MESSAGE, type Sector, type SectorInput, type SectorUpdate } from '../../common/api/sectors.js';
import { inProviderScope, type ProviderScope } from '../access/providerScope.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import { NotFoundError, ValidationError } from '../errors.js';
import type { NewSectorRecord, SectorChanges, SectorRecord, SectorRepository } from './sectorRepository.js';
import type { TowerRecord, TowerRepository } from './towerRepository.js';
import type { CoverageCommits } from './towerService.js';

export type SectorStore = Pick<SectorRepository, 'listAll' | 'listOf' | 'insert' | 'insertMany' | 'update' | 'delete' | 'existingPatternIds'>;
export type TowerLocks = Pick<TowerRepository, 'lockForChange'>;

const TOWER_NOT_FOUND = 'Tower not found';
const SECTOR_NOT_FOUND = 'Sector not found';
export const PATTERN_NOT_FOUND = 'Antenna pattern not found: choose a pattern of the library (GET /api/antenna_patterns)';

/**
 * Rules for a tower's sectors: at most MAX_SECTORS_PER_TOWER a tower, a pattern of the library,
 * frequency and power the tower's when left out. Sectors change the wireless answer, so every write
 * commits through CoverageChanges and moves the coverage revision, as tower writes do. Sectors
 * follow their tower: a tower outside a provider editor's scope is not found.
 */
export class SectorService {
  constructor(
    private readonly repo: SectorStore,
    private readonly towers: TowerLocks,
    private readonly clock: Clock,
    private readonly coverage: CoverageCommits,
    private readonly audit: AuditRecorder,
  ) {}

  async add(towerId: number, input: SectorInput, scope: ProviderScope): Promise<Sector> {
    return this.coverage.commit(async (trx) => {
      const tower = await this.lockedTower(towerId, scope, trx);
      if ((await this.repo.listOf(towerId, trx)).length >= MAX_SECTORS_PER_TOWER) throw new ValidationError(SECTOR_LIMIT_MESSAGE);
      await this.requirePatterns([input.antenna_pattern_id], trx);
      const sector = toApi(await this.repo.insert(newSectorRecord(tower, input, this.clock.now().toISOString()), trx));
      await this.audit.record(trx, { entity: 'sector', entityId: sector.id, action: 'create', after: sector });
      return sector;
    });
  }

  /** Changes the given fields; absent ones keep their stored value (height_m null: the tower's again). */
  async update(towerId: number, sectorId: number, input: SectorUpdate, scope: ProviderScope): Promise<Sector> {
    return this.coverage.commit(async (trx) => {
      await this.lockedTower(towerId, scope, trx);
      if (input.antenna_pattern_id !== undefined) await this.requirePatterns([input.antenna_pattern_id], trx);
      const changes: SectorChanges = { ...definedOnly(input), updated_at: this.clock.now().toISOString() };
      const before = (await this.repo.listOf(towerId, trx)).find((sector) => sector.id === sectorId);
      const updated = await this.repo.update(towerId, sectorId, changes, trx);
      if (!updated || !before) throw new NotFoundError(SECTOR_NOT_FOUND);
      await this.audit.record(trx, { entity: 'sector', entityId: sectorId, action: 'update', before: toApi(before), after: toApi(updated) });
      return toApi(updated);
    });
  }

  async delete(towerId: number, sectorId: number, scope: ProviderScope): Promise<void> {
    await this.coverage.commit(async (trx) => {
      await this.lockedTower(towerId, scope, trx);
      const deleted = await this.repo.delete(towerId, sectorId, trx);
      if (!deleted) throw new NotFoundError(SECTOR_NOT_FOUND);
      await this.audit.record(trx, { entity: 'sector', entityId: sectorId, action: 'delete', before: toApi(deleted) });
    });
  }

  private async lockedTower(towerId: number, scope: ProviderScope, trx: Executor): Promise<TowerRecord> {
    const tower = await this.towers.lockForChange(towerId, trx);
    if (!tower || !inProviderScope(scope, tower.provider_id)) throw new NotFoundError(TOWER_NOT_FOUND);
    return tower;
  }

  private async requirePatterns(ids: readonly number[], trx: Executor): Promise<void> {
    const existing = await this.repo.existingPatternIds(ids, trx);
    if (ids.some((id) => !existing.has(id))) throw new ValidationError(PATTERN_NOT_FOUND);
  }
}

/** A new sector of `tower`: its frequency and power when the input leaves them out. */
export function newSectorRecord(tower: Pick<TowerRecord, 'id' | 'frequency_ghz' | 'power_dbm'>, input: SectorInput, now: string): NewSectorRecord {
  return {
    tower_id: tower.id,
    name: input.name,
    azimuth_deg: input.azimuth_deg,
    downtilt_deg: input.downtilt_deg,
    antenna_pattern_id: input.antenna_pattern_id,
    frequency_ghz: input.frequency_ghz ?? tower.frequency_ghz,
    power_dbm: input.power_dbm ?? tower.power_dbm,
    height_m: input.height_m ?? null,
    active: input.active,
    created_at: now,
    updated_at: now,
  };
}

/** The API's sector is the record as it is. */
export function toApi(record: SectorRecord): Sector {
  return { ...record };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
