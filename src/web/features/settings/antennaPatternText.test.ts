import { describe, expect, it } from 'vitest';
import { beamwidthText, gainMayBeNeeded } from './antennaPatternText.js';

describe('antenna pattern texts', () => {
  it('asks for a gain for SPLAT! files and Radio Mobile files only', () => {
    expect(gainMayBeNeeded(['sector.az', 'sector.el'])).toBe(true);
    expect(gainMayBeNeeded(['VENDOR.ANT'])).toBe(true);
    expect(gainMayBeNeeded(['vendor.msi'])).toBe(false);
    expect(gainMayBeNeeded(['vendor.txt', 'notes.pln'])).toBe(false);
  });

  it('writes the beamwidths horizontal × vertical, an omni cut as omni', () => {
    expect(beamwidthText({ horizontal_beamwidth_deg: 64.95, vertical_beamwidth_deg: 6 })).toBe('65° × 6°');
    expect(beamwidthText({ horizontal_beamwidth_deg: 360, vertical_beamwidth_deg: 12.5 })).toBe('omni × 12.5°');
  });
});
