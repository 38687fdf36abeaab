import { MAX_SECTORS_PER_TOWER, SECTOR_LIMIT_MESSAGE, SECTOR_OF_FIELD, type SectorInput, sectorInput } from '../../common/api/sectors.js';
import { type BulkImportResult, type TowerInput, towerInput } from '../../common/api/towers.js';

type ImportError = BulkImportResult['errors'][number];

/** A sector the import would store, and where it came from (for its errors). */
export interface PlannedSector {
  input: SectorInput;
  /** The row it was given on: its own (a sector row) or its tower's (nested). */
  index: number;
  /** Its field prefix in errors: `sectors.<i>.` when nested, '' for a sector row. */
  fieldPrefix: string;
  /** A sector row's name for errors. */
  rowName: string | null;
}

/** A tower the import would store, with its sectors. */
export interface PlannedTower {
  index: number;
  name: string | null;
  input: TowerInput;
  sectors: PlannedSector[];
  /** The indexes of its sector rows (a CSV's), which stand or fall with it. */
  sectorRows: number[];
}

export interface BulkImportPlan {
  towers: PlannedTower[];
  errors: ImportError[];
  /** Rows refused so far. */
  rejectedRows: Set<number>;
}

/** Longest row name an error report repeats. */
const REPORTED_NAME_MAX = 200;

/**
 * The rows of a bulk import checked one by one with the rules of a single tower and sector: tower
 * rows (sectors nested in `sectors`), and sector rows, whose `sector_of` names a tower row by its
 * code or else its name. A tower stands or falls with its sectors: one bad sector, or more than
 * MAX_SECTORS_PER_TOWER, keeps the tower and all its sectors out, and every row kept out has an error.
 */
export function planBulkImport(rows: readonly unknown[]): BulkImportPlan {
  const errors: ImportError[] = [];
  const rejectedRows = new Set<number>();
  const reject = (index: number, name: string | null, field: string, message: string) => {
    rejectedRows.add(index);
    errors.push({ index, name, field, message });
  };
  const towers: Array<Omit<PlannedTower, 'input'> & { input: TowerInput | null; failed: boolean; code: string | null; sectorCount: number }> = [];
  const sectorRows: Array<{ index: number; of: string; name: string | null; input: SectorInput | null }> = [];

  rows.forEach((row, index) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      reject(index, null, 'tower', 'Each tower must be an object with name, latitude, longitude and height_meters');
      return;
    }
    const name = nameOf(row);
    const of = sectorOf(row);
    if (of !== null) {
      const parsed = sectorInput.safeParse(row);
      if (!parsed.success) for (const issue of parsed.error.issues) reject(index, name, fieldOf(issue.path, 'sector'), issue.message);
      sectorRows.push({ index, of, name, input: parsed.success ? parsed.data : null });
      return;
    }
    const parsed = towerInput.safeParse(row);
    if (!parsed.success) for (const issue of parsed.error.issues) reject(index, name, fieldOf(issue.path, 'tower'), issue.message);
    const nested = nestedSectors(row, index, name, reject);
    towers.push({
      index,
      name,
      input: parsed.success ? parsed.data : null,
      sectors: nested.sectors,
      sectorRows: [],
      failed: !parsed.success || nested.failed,
      code: parsed.success ? (parsed.data.code ?? null) : null,
      sectorCount: nested.given,
    });
  });

  const towerNamed = towerFinder(towers);
  for (const sectorRow of sectorRows) {
    const tower = towerNamed(sectorRow.of);
    if (typeof tower === 'string') {
      reject(sectorRow.index, sectorRow.name, SECTOR_OF_FIELD, tower);
      continue;
    }
    tower.sectorRows.push(sectorRow.index);
    tower.sectorCount += 1;
    if (sectorRow.input) tower.sectors.push({ input: sectorRow.input, index: sectorRow.index, fieldPrefix: '', rowName: sectorRow.name });
    else tower.failed = true;
  }

  for (const tower of towers) {
    if (tower.sectorCount > MAX_SECTORS_PER_TOWER) {
      reject(tower.index, tower.name, 'sectors', `${SECTOR_LIMIT_MESSAGE}: this one has ${tower.sectorCount}`);
      tower.failed = true;
    }
  }
  const plan: BulkImportPlan = { towers: [], errors, rejectedRows };
  for (const tower of towers) {
    if (tower.failed || tower.input === null) rejectTower(plan, tower);
    else plan.towers.push({ index: tower.index, name: tower.name, input: tower.input, sectors: tower.sectors, sectorRows: tower.sectorRows });
  }
  plan.errors.sort((a, b) => a.index - b.index);
  return plan;
}

/**
 * Keeps out the towers with a sector whose pattern is not in the library (`knownPatternIds`), with
 * their sectors; returns the plan with what is left.
 */
export function withKnownPatterns(plan: BulkImportPlan, knownPatternIds: ReadonlySet<number>, unknownMessage: string): BulkImportPlan {
  const towers: PlannedTower[] = [];
  for (const tower of plan.towers) {
    const unknown = tower.sectors.filter((s) => !knownPatternIds.has(s.input.antenna_pattern_id));
    if (unknown.length === 0) {
      towers.push(tower);
      continue;
    }
    for (const s of unknown) {
      plan.rejectedRows.add(s.index);
      plan.errors.push({
        index: s.index,
        name: s.fieldPrefix === '' ? s.rowName : tower.name,
        field: `${s.fieldPrefix}antenna_pattern_id`,
        message: unknownMessage,
      });
    }
    rejectTower(plan, tower);
  }
  plan.errors.sort((a, b) => a.index - b.index);
  return { ...plan, towers };
}

/**
 * Keeps out the towers whose provider_id names no provider (`knownProviderIds`), with their
 * sectors; returns the plan with what is left.
 */
export function withKnownProviders(plan: BulkImportPlan, knownProviderIds: ReadonlySet<number>, unknownMessage: string): BulkImportPlan {
  const towers: PlannedTower[] = [];
  for (const tower of plan.towers) {
    const providerId = tower.input.provider_id;
    if (providerId === undefined || providerId === null || knownProviderIds.has(providerId)) {
      towers.push(tower);
      continue;
    }
    plan.rejectedRows.add(tower.index);
    plan.errors.push({ index: tower.index, name: tower.name, field: 'provider_id', message: unknownMessage });
    rejectTower(plan, tower);
  }
  plan.errors.sort((a, b) => a.index - b.index);
  return { ...plan, towers };
}

/** Every provider id the plan's towers name. */
export function providerIdsOf(plan: BulkImportPlan): number[] {
  return [...new Set(plan.towers.flatMap((tower) => (tower.input.provider_id ? [tower.input.provider_id] : [])))];
}

/** Every pattern id the plan's sectors use. */
export function patternIdsOf(plan: BulkImportPlan): number[] {
  return [...new Set(plan.towers.flatMap((tower) => tower.sectors.map((s) => s.input.antenna_pattern_id)))];
}

/** Keeps a tower out with its sector rows, each row with an error saying why (unless it has one). */
function rejectTower(plan: BulkImportPlan, tower: Pick<PlannedTower, 'index' | 'name' | 'sectorRows'>): void {
  // A row is in rejectedRows exactly when it has an error.
  const hadError = (index: number) => plan.rejectedRows.has(index);
  const badRows = tower.sectorRows.filter(hadError);
  if (!hadError(tower.index)) {
    plan.errors.push({
      index: tower.index,
      name: tower.name,
      field: 'sectors',
      message: `Not imported: its sector ${badRows.length === 1 ? 'row' : 'rows'} ${badRows.map((i) => i + 1).join(', ')} ${badRows.length === 1 ? 'has' : 'have'} a problem`,
    });
  }
  plan.rejectedRows.add(tower.index);
  for (const index of tower.sectorRows) {
    if (!hadError(index))
      plan.errors.push({ index, name: null, field: SECTOR_OF_FIELD, message: `Not imported: its tower (row ${tower.index + 1}) was not imported` });
    plan.rejectedRows.add(index);
  }
}

function nestedSectors(
  row: object,
  index: number,
  name: string | null,
  reject: (index: number, name: string | null, field: string, message: string) => void,
): { sectors: PlannedSector[]; failed: boolean; given: number } {
  const given = (row as { sectors?: unknown }).sectors;
  if (given === undefined || given === null || given === '') return { sectors: [], failed: false, given: 0 };
  if (!Array.isArray(given)) {
    reject(index, name, 'sectors', 'Sectors must be a list of sectors');
    return { sectors: [], failed: true, given: 0 };
  }
  // Not read one by one: the tower is refused whatever they hold (planBulkImport says so).
  if (given.length > MAX_SECTORS_PER_TOWER) return { sectors: [], failed: false, given: given.length };
  const sectors: PlannedSector[] = [];
  let failed = false;
  given.forEach((item, i) => {
    const parsed = sectorInput.safeParse(item);
    if (parsed.success) {
      sectors.push({ input: parsed.data, index, fieldPrefix: `sectors.${i}.`, rowName: name });
      return;
    }
    failed = true;
    for (const issue of parsed.error.issues) reject(index, name, `sectors.${i}.${fieldOf(issue.path, 'sector')}`, issue.message);
  });
  return { sectors, failed, given: given.length };
}

/** Finds the tower row a sector row names: by code, else by name; or says why there is none. */
function towerFinder<T extends { code: string | null; name: string | null }>(towers: readonly T[]): (of: string) => T | string {
  const index = (key: (tower: T) => string | null) => {
    const map = new Map<string, T[]>();
    for (const tower of towers) {
      const value = key(tower);
      if (value !== null) map.set(value, [...(map.get(value) ?? []), tower]);
    }
    return map;
  };
  const byCode = index((tower) => tower.code);
  const byName = index((tower) => tower.name);
  return (of) => {
    const matches = byCode.get(of) ?? byName.get(of) ?? [];
    if (matches.length === 1) return matches[0]!;
    if (matches.length === 0) return `No tower of this import has the code or name "${of}"`;
    return `Several towers of this import are called "${of}": name the tower by its code`;
  };
}

/** A sector row's tower (its `sector_of`, trimmed text), or null for a tower row. */
function sectorOf(row: object): string | null {
  const value = (row as Record<string, unknown>)[SECTOR_OF_FIELD];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

function fieldOf(path: readonly PropertyKey[], whole: string): string {
  return path.map(String).join('.') || whole;
}

/** A row's name for its error report: trimmed text (cut to REPORTED_NAME_MAX), or null when it has none. */
function nameOf(row: object): string | null {
  const name = (row as { name?: unknown }).name;
  if (typeof name !== 'string' && typeof name !== 'number') return null;
  const text = String(name).trim().slice(0, REPORTED_NAME_MAX);
  return text === '' ? null : text;
}
