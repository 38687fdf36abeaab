import { describe, expect, it } from 'vitest';
import type { DbTransaction } from '../db/transactions.js';
import { recordingAudit } from '../testing/fakes.js';
import type { NewTowerRecord, TowerRecord } from './towerRepository.js';
import type { NewSectorRecord } from './sectorRepository.js';
import { type CoverageCommits, TowerService, type TowerSectors, type TowerStore } from './towerService.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');

/** A store that records what it is asked, and a commit that records each transaction it runs. */
function setup(options: { failInsertMany?: boolean } = {}) {
  const events: string[] = [];
  const trx = {} as DbTransaction;
  const inserted: NewTowerRecord[][] = [];
  const insertedSectors: NewSectorRecord[] = [];
  const store = {
    insertMany: async (records: readonly NewTowerRecord[], given?: unknown) => {
      events.push(given === trx ? 'insertMany in transaction' : 'insertMany outside');
      if (options.failInsertMany) throw new Error('disk full');
      inserted.push([...records]);
      return records.length;
    },
    insert: async (record: NewTowerRecord, given?: unknown) => {
      events.push(given === trx ? 'insert in transaction' : 'insert outside');
      inserted.push([record]);
      return { ...record, id: 100 + inserted.length };
    },
    find: async () => undefined as TowerRecord | undefined,
    update: async () => undefined,
    delete: async () => undefined as TowerRecord | undefined,
    // Providers 1 and 2 exist.
    existingProviderIds: async (ids: readonly number[]) => new Set(ids.filter((id) => id <= 2)),
  } as unknown as TowerStore;
  const coverage: CoverageCommits = {
    commit: async (work) => {
      events.push('commit');
      return work(trx);
    },
  };
  const sectors = {
    existingPatternIds: async (ids: readonly number[]) => new Set(ids.filter((id) => id <= 4)),
    insertMany: async (records: readonly NewSectorRecord[], given?: unknown) => {
      events.push(given === trx ? 'insertMany sectors in transaction' : 'insertMany sectors outside');
      insertedSectors.push(...records);
      return records.length;
    },
  } as unknown as TowerSectors;
  return { events, inserted, insertedSectors, service: new TowerService(store, { now: () => NOW }, coverage, sectors, recordingAudit()) };
}

const row = (fields: Record<string, unknown> = {}) => ({ name: 'Mast', latitude: -33.9, longitude: 18.4, height_meters: 30, ...fields });

describe('TowerService.bulkImport', () => {
  it('stores every valid row with one call in one commit, with the SPEC defaults', async () => {
    const { events, inserted, service } = setup();
    const result = await service.bulkImport([row({ name: 'A' }), row({ name: 'B', latitude: 100 }), row({ name: 'C', power_dbm: '27' })]);

    expect(result).toEqual({
      imported_count: 2,
      imported_sector_count: 0,
      error_count: 1,
      errors: [{ index: 1, name: 'B', field: 'latitude', message: 'Latitude must be between -90 and 90' }],
    });
    expect(events).toEqual(['commit', 'insertMany in transaction']);
    expect(inserted[0]?.map((r) => [r.name, r.power_dbm, r.frequency_ghz, r.active, r.created_at])).toEqual([
      ['A', 20, 5.8, true, NOW.toISOString()],
      ['C', 27, 5.8, true, NOW.toISOString()],
    ]);
  });

  it("stores each row's provider_id (a CSV's empty cell: the operator's) and refuses a provider that does not exist, with its sectors", async () => {
    const { inserted, service } = setup();
    const result = await service.bulkImport([
      row({ name: 'Owned', provider_id: '2' }),
      row({ name: 'Operator', provider_id: '' }),
      row({ name: 'Ghost', code: 'G', provider_id: 9 }),
      { sector_of: 'G', name: 'North', azimuth_deg: 0, downtilt_deg: 2, antenna_pattern_id: 2 },
    ]);
    expect(result).toMatchObject({ imported_count: 2, imported_sector_count: 0, error_count: 2 });
    expect(result.errors.map((e) => [e.index, e.field, e.message])).toEqual([
      [2, 'provider_id', 'Provider not found'],
      [3, 'sector_of', 'Not imported: its tower (row 3) was not imported'],
    ]);
    expect(inserted.flat().map((r) => [r.name, r.provider_id])).toEqual([
      ['Owned', 2],
      ['Operator', null],
    ]);
  });

  it('commits nothing when no row is valid', async () => {
    const { events, service } = setup();
    const result = await service.bulkImport([row({ name: '' }), 'not a tower', null]);
    expect(result.imported_count).toBe(0);
    expect(result.error_count).toBe(3);
    expect(result.errors.map((e) => [e.index, e.field])).toEqual([
      [0, 'name'],
      [1, 'tower'],
      [2, 'tower'],
    ]);
    expect(events).toEqual([]);
  });

  it('reports a failed store as a failure, not as a partial import', async () => {
    const { service } = setup({ failInsertMany: true });
    await expect(service.bulkImport([row()])).rejects.toThrow('disk full');
  });
});

describe('TowerService.bulkImport with sectors', () => {
  const sector = (fields: Record<string, unknown> = {}) => ({ name: 'North', azimuth_deg: 0, antenna_pattern_id: 2, ...fields });

  it('stores nested sectors and sector rows (by code, else name) with their tower, frequency and power from it when left out', async () => {
    const { events, insertedSectors, service } = setup();
    const result = await service.bulkImport([
      row({ name: 'A', code: 'A-1', power_dbm: 27, sectors: [sector({ name: 'N' })] }),
      row({ name: 'B' }),
      { sector_of: 'A-1', name: 'S', azimuth_deg: '180', antenna_pattern_id: '3', frequency_ghz: '', latitude: '', height_m: '' },
      { sector_of: 'B', name: 'E', azimuth_deg: 90, antenna_pattern_id: 1, frequency_ghz: 2.4, height_m: 25 },
    ]);
    expect(result).toEqual({ imported_count: 2, imported_sector_count: 3, error_count: 0, errors: [] });
    expect(events).toEqual(['commit', 'insertMany in transaction', 'insert in transaction', 'insert in transaction', 'insertMany sectors in transaction']);
    expect(insertedSectors.map((s) => [s.tower_id, s.name, s.azimuth_deg, s.antenna_pattern_id, s.frequency_ghz, s.power_dbm, s.height_m])).toEqual([
      [102, 'N', 0, 2, 5.8, 27, null],
      [102, 'S', 180, 3, 5.8, 27, null],
      [103, 'E', 90, 1, 2.4, 20, 25],
    ]);
  });

  it('keeps a tower out with all its sectors when one is bad, naming each row kept out', async () => {
    const { insertedSectors, service } = setup();
    const result = await service.bulkImport([
      row({ name: 'A', sectors: [sector(), sector({ azimuth_deg: 400 })] }),
      row({ name: 'B' }),
      { sector_of: 'B', name: 'E', azimuth_deg: 90, antenna_pattern_id: 1, downtilt_deg: 31 },
      { sector_of: 'B', name: 'W', azimuth_deg: 270, antenna_pattern_id: 1 },
      { sector_of: 'Nowhere', name: 'X', azimuth_deg: 0, antenna_pattern_id: 1 },
      row({ name: 'C', sectors: [sector({ antenna_pattern_id: 99 })] }),
    ]);
    expect(result.imported_count).toBe(0);
    expect(result.error_count).toBe(6);
    expect(result.errors).toEqual([
      { index: 0, name: 'A', field: 'sectors.1.azimuth_deg', message: 'Azimuth must be between 0 and 360 degrees' },
      { index: 1, name: 'B', field: 'sectors', message: 'Not imported: its sector row 3 has a problem' },
      { index: 2, name: 'E', field: 'downtilt_deg', message: 'Downtilt must be between -10 and 30 degrees (positive is below the horizon)' },
      { index: 3, name: null, field: 'sector_of', message: 'Not imported: its tower (row 2) was not imported' },
      { index: 4, name: 'X', field: 'sector_of', message: 'No tower of this import has the code or name "Nowhere"' },
      { index: 5, name: 'C', field: 'sectors.0.antenna_pattern_id', message: expect.stringContaining('Antenna pattern not found') },
    ]);
    expect(insertedSectors).toEqual([]);
  });

  it('takes 12 sectors for a tower and refuses 13, and refuses a sector row whose tower name is not unique', async () => {
    const { service } = setup();
    const twelve = Array.from({ length: 12 }, (_, i) => sector({ name: `S${i}`, azimuth_deg: i * 30 }));
    const result = await service.bulkImport([
      row({ name: 'Twelve', sectors: twelve }),
      row({ name: 'Thirteen', sectors: twelve }),
      { sector_of: 'Thirteen', name: 'One more', azimuth_deg: 0, antenna_pattern_id: 1 },
      row({ name: 'Twin' }),
      row({ name: 'Twin' }),
      { sector_of: 'Twin', name: 'N', azimuth_deg: 0, antenna_pattern_id: 1 },
    ]);
    expect(result).toMatchObject({ imported_count: 3, imported_sector_count: 12, error_count: 3 });
    expect(result.errors.map((e) => [e.index, e.field, e.message])).toEqual([
      [1, 'sectors', 'A tower holds at most 12 sectors: this one has 13'],
      [2, 'sector_of', 'Not imported: its tower (row 2) was not imported'],
      [5, 'sector_of', 'Several towers of this import are called "Twin": name the tower by its code'],
    ]);
  });
});

describe('TowerService writes', () => {
  it('answers "Tower not found" when the tower to update or delete does not exist', async () => {
    const { service } = setup();
    await expect(service.update(5, { name: 'X' }, null)).rejects.toMatchObject({ kind: 'not_found', message: 'Tower not found' });
    await expect(service.delete(5, null)).rejects.toMatchObject({ kind: 'not_found', message: 'Tower not found' });
  });
});
