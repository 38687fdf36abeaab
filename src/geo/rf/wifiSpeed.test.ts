import { describe, expect, it } from 'vitest';
import { estimatedPhyRateMbps } from './wifiSpeed.js';

describe('estimatedPhyRateMbps', () => {
  it('picks the best MCS whose sensitivity the signal meets (80 MHz, -60 dBm: MCS 5, 234 Mbit/s a stream)', () => {
    expect(estimatedPhyRateMbps(-60, 80, 1)).toBe(234);
    expect(estimatedPhyRateMbps(-60, 80, 2)).toBe(468);
    expect(estimatedPhyRateMbps(-60.5, 80, 1)).toBe(175.5); // MCS 4 (-64 dBm)
  });

  it('reaches MCS 9 at 40 and 80 MHz: 180 and 390 Mbit/s a stream', () => {
    expect(estimatedPhyRateMbps(-54, 40, 1)).toBe(180);
    expect(estimatedPhyRateMbps(-40, 80, 1)).toBe(390);
    expect(estimatedPhyRateMbps(-40, 80, 2)).toBe(780);
  });

  it('stops at MCS 8 at 20 MHz, where MCS 9 is undefined for 1 and 2 streams', () => {
    expect(estimatedPhyRateMbps(-30, 20, 1)).toBe(78);
    expect(estimatedPhyRateMbps(-30, 20, 2)).toBe(156);
  });

  it('gives MCS 0 at its sensitivity and null below it', () => {
    expect(estimatedPhyRateMbps(-82, 20, 1)).toBe(6.5);
    expect(estimatedPhyRateMbps(-76, 80, 1)).toBe(29.25);
    expect(estimatedPhyRateMbps(-82.01, 20, 1)).toBeNull();
    expect(estimatedPhyRateMbps(-76.5, 80)).toBeNull();
    expect(estimatedPhyRateMbps(Number.NaN, 20)).toBeNull();
  });

  it('assumes 2 spatial streams by default', () => {
    expect(estimatedPhyRateMbps(-71, 40)).toBe(estimatedPhyRateMbps(-71, 40, 2));
    expect(estimatedPhyRateMbps(-71, 40)).toBe(108); // MCS 3 at 40 MHz: 54 Mbit/s a stream
  });

  it('refuses a channel width it has no table for', () => {
    expect(() => estimatedPhyRateMbps(-50, 160 as never)).toThrow('channel width must be 20, 40 or 80 MHz, got 160');
  });
});
