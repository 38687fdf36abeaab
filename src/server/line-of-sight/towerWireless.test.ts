import { describe, expect, it } from 'vitest';
import { WIRELESS_UNAVAILABLE } from '../../common/api/coverage.js';
import type { FootprintService } from '../footprints/footprintService.js';
import { TowerWireless } from './towerWireless.js';

describe('TowerWireless', () => {
  it('only reads the active towers when loaded: bringing footprints up to date is not its work', async () => {
    const calls: string[] = [];
    const footprints = {
      read: () => null,
      reconcile: async () => void calls.push('reconcile'),
    } as Pick<FootprintService, 'read' | 'reconcile'>;
    const wireless = new TowerWireless(
      { listActive: async () => (calls.push('listActive'), []) },
      { feasibilityOf: async () => WIRELESS_UNAVAILABLE },
      footprints,
    );

    const check = await wireless.load();

    expect(calls).toEqual(['listActive']);
    expect(await check.assess({ lat: -33.9, lng: 18.4 })).toEqual(WIRELESS_UNAVAILABLE);
  });
});
