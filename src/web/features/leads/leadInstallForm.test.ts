import { describe, expect, it } from 'vitest';
import type { Tower } from '../../../common/api/towers.js';
import { installText, leadInstallDefaults, leadInstallPayload, likelyTower } from './leadInstallForm.js';

const tower = (id: number, latitude: number, longitude: number, active = true) => ({ id, latitude, longitude, active, sectors: [] }) as unknown as Tower;
const blank = { tower_id: '4', sector_id: '', rssi_dbm: '', height_m: '', cpe_profile: '', note: '' };

describe('a lead install', () => {
  it('preselects the active tower nearest the lead’s search', () => {
    const towers = [tower(1, -34, 19), tower(2, -33.01, 18.01), tower(3, -33, 18, false)];
    expect(likelyTower({ search: { id: 1, search_type: 'address', lat: -33, lng: 18, address: null } }, towers)?.id).toBe(2);
    expect(likelyTower({ search: null }, towers)?.id).toBe(1);
    expect(likelyTower({ search: null }, [])).toBeNull();
  });

  it('starts from the install recorded before', () => {
    expect(leadInstallDefaults({ outcome: 'installed', measurement_id: 9, rssi_dbm: -64, tower_id: 7, sector_id: 3 }, tower(1, 0, 0))).toMatchObject({
      tower_id: '7',
      sector_id: '3',
      rssi_dbm: '-64',
    });
    expect(leadInstallDefaults(null, tower(1, 0, 0))).toMatchObject({ tower_id: '1', sector_id: '', rssi_dbm: '' });
  });

  it('sends an install with its signal, blank optional fields left out', () => {
    expect(leadInstallPayload('installed', { ...blank, rssi_dbm: ' -62.5 ', sector_id: '8' })).toEqual({
      payload: { outcome: 'installed', tower_id: 4, sector_id: 8, rssi_dbm: -62.5 },
      problems: null,
    });
  });

  it('asks for the signal of an install, by the API’s own message', () => {
    expect(leadInstallPayload('installed', blank).problems).toEqual({ rssi_dbm: 'Enter the signal measured at the install, in dBm' });
    expect(leadInstallPayload('installed', { ...blank, rssi_dbm: '12' }).problems?.rssi_dbm).toBe('rssi_dbm must be a number from -150 to 0 dBm');
  });

  it('sends a failed install without a signal, even one typed before', () => {
    expect(leadInstallPayload('failed', { ...blank, rssi_dbm: '-70' }).payload).toEqual({ outcome: 'failed', tower_id: 4 });
  });

  it('says on the inbox row what the install was', () => {
    expect(installText({ outcome: 'installed', measurement_id: 1, rssi_dbm: -61.24, tower_id: 1, sector_id: null })).toBe('Installed · −61.2 dBm');
    expect(installText({ outcome: 'failed', measurement_id: 1, rssi_dbm: null, tower_id: 1, sector_id: null })).toBe('Install failed (no signal)');
    expect(installText(null)).toBeNull();
  });
});
