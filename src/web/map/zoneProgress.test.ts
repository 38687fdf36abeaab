import { describe, expect, it } from 'vitest';
import { zoneProgressPercent, zoneProgressText } from './zoneProgress.js';

const zone = { confirmed_count: 87, goal: 120, message: 'help bring fibre to Bredasdorp', provider_name: 'Overberg Fibre' };

describe('a zone’s progress', () => {
  it('reads "87 of 120 — " and the zone’s message', () => {
    expect(zoneProgressText(zone)).toBe('87 of 120 — help bring fibre to Bredasdorp');
  });

  it('asks to bring the provider here when the zone has no message', () => {
    expect(zoneProgressText({ ...zone, message: null })).toBe('87 of 120 — help bring Overberg Fibre here');
  });

  it('fills the bar in whole percent, and stays full past the goal', () => {
    expect(zoneProgressPercent(zone)).toBe(72);
    expect(zoneProgressPercent({ confirmed_count: 0, goal: 120 })).toBe(0);
    expect(zoneProgressPercent({ confirmed_count: 130, goal: 120 })).toBe(100);
  });
});
