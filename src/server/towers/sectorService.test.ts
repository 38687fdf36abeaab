import { describe, expect, it } from 'vitest';
import { MAX_SECTORS_PER_TOWER, type SectorInput } from '../../common/api/sectors.js';
import { towerRecord } from '../testing/fakes.js';
import { newSectorService } from '../testing/services.js';

const input = (fields: Partial<SectorInput> = {}): SectorInput => ({
  name: 'North',
  azimuth_deg: 0,
  downtilt_deg: 0,
  antenna_pattern_id: 2,
  active: true,
  ...fields,
});

describe('SectorService', () => {
  it("adds a sector with the tower's frequency and power when it gives none, in one commit", async () => {
    const { service, commits } = newSectorService({ towers: [towerRecord({ id: 1, frequency_ghz: 5.5, power_dbm: 27 })] });
    const sector = await service.add(1, input({ height_m: null }), null);
    expect(sector).toMatchObject({ tower_id: 1, frequency_ghz: 5.5, power_dbm: 27, height_m: null, created_at: '2026-11-22T08:00:00.000Z' });
    const own = await service.add(1, input({ name: 'South', frequency_ghz: 2.4, power_dbm: 20, height_m: 30 }), null);
    expect(own).toMatchObject({ frequency_ghz: 2.4, power_dbm: 20, height_m: 30 });
    expect(commits.count).toBe(2);
  });

  it(`refuses a sector past ${MAX_SECTORS_PER_TOWER} on one tower, not on another`, async () => {
    const { service, sectors } = newSectorService({ towers: [towerRecord({ id: 1 }), towerRecord({ id: 2 })] });
    for (let i = 0; i < MAX_SECTORS_PER_TOWER; i += 1) await service.add(1, input({ name: `S${i}` }), null);
    await expect(service.add(1, input(), null)).rejects.toMatchObject({ kind: 'validation', message: 'A tower holds at most 12 sectors' });
    await service.add(2, input(), null);
    expect(sectors.rows.filter((row) => row.tower_id === 1)).toHaveLength(MAX_SECTORS_PER_TOWER);
  });

  it('refuses a pattern the library does not hold, on add and on update, and changes nothing', async () => {
    const { service, sectors } = newSectorService();
    await expect(service.add(1, input({ antenna_pattern_id: 99 }), null)).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^Antenna pattern not found/),
    });
    const sector = await service.add(1, input(), null);
    await expect(service.update(1, sector.id, { antenna_pattern_id: 99 }, null)).rejects.toMatchObject({ kind: 'validation' });
    expect(sectors.rows.map((row) => row.antenna_pattern_id)).toEqual([2]);
  });

  it('answers "Tower not found" and "Sector not found" apart', async () => {
    const { service, clock } = newSectorService({ towers: [towerRecord({ id: 1 }), towerRecord({ id: 2 })] });
    const sector = await service.add(1, input(), null);
    await expect(service.add(9, input(), null)).rejects.toMatchObject({ kind: 'not_found', message: 'Tower not found' });
    await expect(service.update(2, sector.id, { name: 'X' }, null)).rejects.toMatchObject({ kind: 'not_found', message: 'Sector not found' });
    await expect(service.delete(1, sector.id + 1, null)).rejects.toMatchObject({ kind: 'not_found', message: 'Sector not found' });
    clock.advance(1000);
    expect(await service.update(1, sector.id, { name: 'Renamed' }, null)).toMatchObject({ name: 'Renamed', updated_at: '2026-11-22T08:00:01.000Z' });
    await service.delete(1, sector.id, null);
  });
});
