import { describe, expect, it } from 'vitest';
import { WIRELESS_UNAVAILABLE } from '../../common/api/coverage.js';
import type { FootprintReading, FootprintService } from '../footprints/footprintService.js';
import { sectorRecord } from '../testing/sectorFakes.js';
import type { FootprintLookup } from './lineOfSightService.js';
import { TowerWireless } from './towerWireless.js';

const READING: FootprintReading = { lineOfSight: true, signalDbm: -61.5, fresnel60Clear: true, terrainSource: 'hgt', sectorId: 12 };

describe('TowerWireless', () => {
  it('only reads the active towers and the sectors when loaded: bringing footprints up to date is not its work', async () => {
    const calls: string[] = [];
    const footprints = {
      read: () => null,
      reconcile: async () => void calls.push('reconcile'),
    } as Pick<FootprintService, 'read' | 'reconcile'>;
    const wireless = new TowerWireless(
      { listActive: async () => (calls.push('listActive'), []) },
      { listAll: async () => (calls.push('listAll'), []) },
      { feasibilityOf: async () => WIRELESS_UNAVAILABLE },
      footprints,
    );

    const check = await wireless.load();

    expect(calls.sort()).toEqual(['listActive', 'listAll']);
    expect(await check.assess({ lat: -33.9, lng: 18.4 })).toEqual(WIRELESS_UNAVAILABLE);
  });

  it('names the sector a footprint says serves the point, from the sectors read at load', async () => {
    let lookup: FootprintLookup | undefined;
    const wireless = new TowerWireless(
      { listActive: async () => [] },
      { listAll: async () => [sectorRecord({ id: 12, name: 'North-east' }), sectorRecord({ id: 13, name: 'South' })] },
      {
        feasibilityOf: async (_towers, _point, _height, footprints) => {
          lookup = footprints;
          return WIRELESS_UNAVAILABLE;
        },
      },
      { read: (tower) => (tower.id === 1 ? READING : tower.id === 2 ? { ...READING, sectorId: null } : null) },
    );

    await (await wireless.load()).assess({ lat: -33.9, lng: 18.4 });

    const tower = (id: number) => ({ id, latitude: -33.9, longitude: 18.4, coverage_radius_km: 10 }) as Parameters<FootprintLookup['read']>[0];
    expect(lookup?.read(tower(1), { lat: -33.9, lng: 18.4 })).toEqual({ ...READING, sectorName: 'North-east' });
    expect(lookup?.read(tower(2), { lat: -33.9, lng: 18.4 })).toMatchObject({ sectorId: null, sectorName: null });
    expect(lookup?.read(tower(3), { lat: -33.9, lng: 18.4 })).toBeNull();
  });
});
