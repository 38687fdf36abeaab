import { describe, expect, it } from 'vitest';
import { NEW_TOWER_FORM, type TowerFormValues, towerForm, towerPayload, towerToForm } from './towerForm.js';

const messages = (values: TowerFormValues) => {
  const parsed = towerForm.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('tower form', () => {
  it('starts a new tower with the SPEC defaults', () => {
    expect(NEW_TOWER_FORM).toMatchObject({
      latitude: '-33.9249',
      longitude: '18.4241',
      height_meters: '30',
      antenna_height_meters: '0',
      frequency_ghz: '5.8',
      power_dbm: '20',
      coverage_radius_km: '10',
      active: true,
    });
  });

  it('shows each SPEC message under its field', () => {
    expect(messages({ ...NEW_TOWER_FORM, name: ' ', latitude: '91', longitude: '', height_meters: '0', coverage_radius_km: '0.5' })).toEqual({
      name: 'Tower name is required',
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Longitude must be between -180 and 180',
      height_meters: 'Height must be at least 1 meter',
      coverage_radius_km: 'Coverage radius must be at least 1 km',
    });
    expect(messages({ ...NEW_TOWER_FORM, name: 'Mast' })).toEqual({});
  });

  it('sends numbers, heights, radius and power as integers, and empty text and date as null', () => {
    const parsed = towerForm.parse({
      ...NEW_TOWER_FORM,
      name: ' Mast ',
      latitude: '-33.95',
      height_meters: '30.6',
      antenna_height_meters: '4.4',
      frequency_ghz: '5.85',
      power_dbm: '19.5',
      coverage_radius_km: '12.2',
    });
    expect(towerPayload(parsed)).toEqual({
      name: 'Mast',
      code: null,
      latitude: -33.95,
      longitude: 18.4241,
      height_meters: 31,
      antenna_height_meters: 4,
      frequency_ghz: 5.85,
      power_dbm: 20,
      coverage_radius_km: 12,
      description: null,
      active: true,
      installed_date: null,
      provider_id: null,
    });
  });

  it('round-trips a saved tower through the inputs', () => {
    const tower = {
      id: 3,
      name: 'Hill',
      code: 'H-1',
      latitude: -34.1,
      longitude: 18.9,
      height_meters: 40,
      antenna_height_meters: 6,
      frequency_ghz: 2.4,
      power_dbm: 23,
      coverage_radius_km: 15,
      description: 'Farm mast',
      active: false,
      installed_date: '2022-05-17',
      provider_id: 4,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
      sectors: [],
    };
    const { id: _id, created_at: _c, updated_at: _u, sectors: _s, ...fields } = tower;
    expect(towerPayload(towerForm.parse(towerToForm(tower)))).toEqual(fields);
  });
});
