import { describe, expect, it } from 'vitest';
import { distanceBandOf, errorFiguresOf } from './errorFigures.js';

describe('errorFiguresOf', () => {
  it('gives bias, population spread and RMSE to 0.01 dB', () => {
    // Mean 2, deviations ±3 and ±1: std √5, RMSE √(4 + 5) = 3.
    expect(errorFiguresOf([5, -1, 3, 1])).toEqual({ count: 4, mean_error_db: 2, std_db: 2.24, rmse_db: 3 });
    expect(errorFiguresOf(new Float64Array([-4.004]))).toEqual({ count: 1, mean_error_db: -4, std_db: 0, rmse_db: 4 });
  });

  it('answers null figures for no residual', () => {
    expect(errorFiguresOf([])).toEqual({ count: 0, mean_error_db: null, std_db: null, rmse_db: null });
  });
});

describe('distanceBandOf', () => {
  it('puts each bound in the band it starts', () => {
    expect(distanceBandOf(0).label).toBe('0–1 km');
    expect(distanceBandOf(0.999).key).toBe('0-1');
    expect(distanceBandOf(1).key).toBe('1-3');
    expect(distanceBandOf(4.2).key).toBe('3-5');
    expect(distanceBandOf(10).label).toBe('10+ km');
    expect(distanceBandOf(250).key).toBe('10+');
  });
});
