import type { BulkImportResult, Tower, TowerInput, TowerUpdate } from '../../common/api/towers.js';
import { towerInput } from '../../common/api/towers.js';
import type { Clock } from '../clock.js';
import type { CoverageChanges } from '../coverage-revision/coverageChanges.js';
import { NotFoundError } from '../errors.js';
import type { NewTowerRecord, TowerChanges, TowerRecord, TowerRepository } from './towerRepository.js';

/** The adapters the service is given, by the part of them it uses (tests hand in fakes). */
export type TowerStore = Pick<TowerRepository, 'list' | 'find' | 'insert' | 'insertMany' | 'update' | 'delete'>;
export type CoverageCommits = Pick<CoverageChanges, 'commit'>;

const NOT_FOUND = 'Tower not found';

/**
 * Rules for towers: defaults and field checks (the schemas of common/api/towers.ts apply the
 * defaults and checks), bulk import row by row. Towers feed every coverage check's wireless answer,
 * so every write commits through CoverageChanges and moves the coverage revision.
 */
export class TowerService {
  constructor(
    private readonly repo: TowerStore,
    private readonly clock: Clock,
    private readonly coverage: CoverageCommits,
  ) {}

  async list(): Promise<Tower[]> {
    return (await this.repo.list()).map(toApi);
  }

  async get(id: number): Promise<Tower> {
    const record = await this.repo.find(id);
    if (!record) throw new NotFoundError(NOT_FOUND);
    return toApi(record);
  }

  async create(input: TowerInput): Promise<Tower> {
    const record = this.newRecord(input);
    return toApi(await this.coverage.commit((trx) => this.repo.insert(record, trx)));
  }

  /** Changes the given fields; absent ones keep their stored value. */
  async update(id: number, input: TowerUpdate): Promise<Tower> {
    const changes: TowerChanges = { ...definedOnly(input), updated_at: this.clock.now().toISOString() };
    const updated = await this.coverage.commit(async (trx) => {
      const record = await this.repo.update(id, changes, trx);
      if (!record) throw new NotFoundError(NOT_FOUND);
      return record;
    });
    return toApi(updated);
  }

  async delete(id: number): Promise<void> {
    await this.coverage.commit(async (trx) => {
      if (!(await this.repo.delete(id, trx))) throw new NotFoundError(NOT_FOUND);
    });
  }

  /**
   * Checks each row with the rules of a single tower. The valid rows are stored together in one
   * transaction (one coverage revision); the invalid ones are not stored and are reported, each
   * problem with the row's index and name and the field it concerns.
   */
  async bulkImport(rows: readonly unknown[]): Promise<BulkImportResult> {
    const records: NewTowerRecord[] = [];
    const errors: BulkImportResult['errors'] = [];
    let rejected = 0;
    rows.forEach((row, index) => {
      if (row === null || typeof row !== 'object' || Array.isArray(row)) {
        rejected += 1;
        errors.push({ index, name: null, field: 'tower', message: 'Each tower must be an object with name, latitude, longitude and height_meters' });
        return;
      }
      const parsed = towerInput.safeParse(row);
      if (parsed.success) {
        records.push(this.newRecord(parsed.data));
        return;
      }
      rejected += 1;
      const name = nameOf(row);
      for (const issue of parsed.error.issues) {
        errors.push({ index, name, field: issue.path.map(String).join('.') || 'tower', message: issue.message });
      }
    });
    const imported = records.length === 0 ? 0 : await this.coverage.commit((trx) => this.repo.insertMany(records, trx));
    return { imported_count: imported, error_count: rejected, errors };
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
      created_at: now,
      updated_at: now,
    };
  }
}

/** The API's tower is the record as it is. */
function toApi(record: TowerRecord): Tower {
  return { ...record };
}

/** Longest row name an error report repeats. */
const REPORTED_NAME_MAX = 200;

/** A row's name for its error report: trimmed text (cut to REPORTED_NAME_MAX), or null when it has none. */
function nameOf(row: object): string | null {
  const name = (row as { name?: unknown }).name;
  if (typeof name !== 'string' && typeof name !== 'number') return null;
  const text = String(name).trim().slice(0, REPORTED_NAME_MAX);
  return text === '' ? null : text;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
