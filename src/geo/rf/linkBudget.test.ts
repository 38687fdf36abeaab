import { describe, expect, it } from 'vitest';
import { receivedSignalDbm } from './linkBudget.js';

describe('receivedSignalDbm', () => {
  it('adds power and both gains and subtracts free-space and diffraction loss', () => {
    // 20 dBm + 17 dBi + 23 dBi − 127.7163 dB (10 km at 5.8 GHz) − 6.0329 dB (grazing edge).
    expect(receivedSignalDbm({ powerDbm: 20, txGainDbi: 17, rxGainDbi: 23, freeSpaceLossDb: 127.7163, diffractionLossDb: 6.0329 })).toBeCloseTo(-73.7492, 4);
  });

  it('is the free-space budget when nothing diffracts', () => {
    expect(receivedSignalDbm({ powerDbm: 27, txGainDbi: 0, rxGainDbi: 0, freeSpaceLossDb: 100, diffractionLossDb: 0 })).toBe(-73);
  });
});
