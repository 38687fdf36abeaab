import { describe, expect, it } from 'vitest';
import type { DbTransaction } from '../db/transactions.js';
import type { NewTowerRecord, TowerRecord } from './towerRepository.js';
import { type CoverageCommits, TowerService, type TowerStore } from './towerService.js';

const NOW = new Date('2026-03-01T10:00:00.000Z');

/** A store that records what it is asked, and a commit that records each transaction it runs. */
function setup(options: { failInsertMany?: boolean } = {}) {
  const events: string[] = [];
  const trx = {} as DbTransaction;
  const inserted: NewTowerRecord[][] = [];
  const store = {
    insertMany: async (records: readonly NewTowerRecord[], given?: unknown) => {
      events.push(given === trx ? 'insertMany in transaction' : 'insertMany outside');
      if (options.failInsertMany) throw new Error('disk full');
      inserted.push([...records]);
      return records.length;
    },
    update: async () => undefined,
    delete: async () => undefined as TowerRecord | undefined,
  } as unknown as TowerStore;
  const coverage: CoverageCommits = {
    commit: async (work) => {
      events.push('commit');
      return work(trx);
    },
  };
  return { events, inserted, service: new TowerService(store, { now: () => NOW }, coverage) };
}

const row = (fields: Record<string, unknown> = {}) => ({ name: 'Mast', latitude: -33.9, longitude: 18.4, height_meters: 30, ...fields });

describe('TowerService.bulkImport', () => {
  it('stores every valid row with one call in one commit, with the SPEC defaults', async () => {
    const { events, inserted, service } = setup();
    const result = await service.bulkImport([row({ name: 'A' }), row({ name: 'B', latitude: 100 }), row({ name: 'C', power_dbm: '27' })]);

    expect(result).toEqual({
      imported_count: 2,
      error_count: 1,
      errors: [{ index: 1, name: 'B', field: 'latitude', message: 'Latitude must be between -90 and 90' }],
    });
    expect(events).toEqual(['commit', 'insertMany in transaction']);
    expect(inserted[0]?.map((r) => [r.name, r.power_dbm, r.frequency_ghz, r.active, r.created_at])).toEqual([
      ['A', 20, 5.8, true, NOW.toISOString()],
      ['C', 27, 5.8, true, NOW.toISOString()],
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

describe('TowerService writes', () => {
  it('answers "Tower not found" when the tower to update or delete does not exist', async () => {
    const { service } = setup();
    await expect(service.update(5, { name: 'X' })).rejects.toMatchObject({ kind: 'not_found', message: 'Tower not found' });
    await expect(service.delete(5)).rejects.toMatchObject({ kind: 'not_found', message: 'Tower not found' });
  });
});
