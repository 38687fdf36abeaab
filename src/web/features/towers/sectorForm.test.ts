import { describe, expect, it } from 'vitest';
import { newSectorForm, patternLabel, sectorForm, sectorPayload, sectorServerErrors } from './sectorForm.js';

describe('sector form', () => {
  it('sends blank frequency and power as left out (the tower’s) and a blank height as null', () => {
    const values = { ...newSectorForm([{ id: 2 }]), name: 'North', azimuth_deg: '90', downtilt_deg: '2.5' };
    expect(sectorPayload(sectorForm.parse(values))).toEqual({
      name: 'North',
      azimuth_deg: 90,
      downtilt_deg: 2.5,
      antenna_pattern_id: 2,
      height_m: null,
      active: true,
    });
    const own = sectorPayload(sectorForm.parse({ ...values, frequency_ghz: '5.2', power_dbm: '18', height_m: '40' }));
    expect(own).toMatchObject({ frequency_ghz: 5.2, power_dbm: 18, height_m: 40 });
  });

  it('checks by the server’s rules and messages', () => {
    const result = sectorForm.safeParse({ ...newSectorForm([{ id: 2 }]), name: 'N', downtilt_deg: '45' });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['downtilt_deg', 'Downtilt must be between -10 and 30 degrees (positive is below the horizon)'],
    ]);
  });

  it('puts the server’s messages on their fields, a pattern gone from the library on the pattern, and the rest above the form', () => {
    expect(sectorServerErrors('Azimuth must be between 0 and 360 degrees', { azimuth_deg: 'Azimuth must be between 0 and 360 degrees' })).toEqual({
      fields: { azimuth_deg: 'Azimuth must be between 0 and 360 degrees' },
      other: null,
    });
    const gone = 'Antenna pattern not found: choose a pattern of the library (GET /api/antenna_patterns)';
    expect(sectorServerErrors(gone, {})).toEqual({ fields: { antenna_pattern_id: gone }, other: null });
    expect(sectorServerErrors('A tower holds at most 12 sectors', {})).toEqual({ fields: {}, other: 'A tower holds at most 12 sectors' });
  });

  it('labels a pattern with its gain and its horizontal × vertical beam', () => {
    expect(patternLabel({ name: 'Generic 90° sector', peak_gain_dbi: 16.3, horizontal_beamwidth_deg: 90, vertical_beamwidth_deg: 6 })).toBe(
      'Generic 90° sector: 16.3 dBi, 90° × 6° beam',
    );
  });
});
