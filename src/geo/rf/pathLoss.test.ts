import { describe, expect, it } from 'vitest';
import { ITM_DEFAULTS } from '../../common/itmInputs.js';
import { EARTH_RADIUS_M } from '../sphere.js';
import { itmPointToPoint } from './itm/pointToPoint.js';
import { type LossPath, pathLoss, withClutter } from './pathLoss.js';
import type { PropagationSettings } from './propagationSettings.js';
import { EFFECTIVE_EARTH_FACTOR } from './radio.js';

const F_5800_HZ = 5.8e9;
const ITM: PropagationSettings['itm'] = {
  relativePermittivity: ITM_DEFAULTS.relativePermittivity,
  conductivitySPerM: ITM_DEFAULTS.conductivitySPerM,
  surfaceRefractivityN: ITM_DEFAULTS.surfaceRefractivityN,
  climate: ITM_DEFAULTS.climate,
  polarization: ITM_DEFAULTS.polarization,
  timeFraction: 0.5,
  locationFraction: 0.5,
  situationFraction: 0.5,
};
const settings = (model: PropagationSettings['model'], clutterHeightM = 0): PropagationSettings => ({ model, itm: ITM, clutterHeightM });

/** 10 km of a flat plain 100 m above sea level in 101 samples 100 m apart, both antennas 30 m, 5.8 GHz; single-sample ridges. */
function plain(ridges: Record<number, number> = {}, rxAntennaM = 30): LossPath {
  const distancesM = Float64Array.from({ length: 101 }, (_, i) => i * 100);
  const terrainM = new Float64Array(101).fill(100);
  for (const [index, height] of Object.entries(ridges)) terrainM[Number(index)] = height;
  return { distancesM, terrainM, txAntennaM: 30, rxAntennaM, frequencyHz: F_5800_HZ };
}

/** Free space at 10 km and 5.8 GHz (notes/splat.md), and J(0) of ITU-R P.526. */
const FREE_SPACE_10KM_DB = 127.7163;
const J_0_DB = 6.0329;
/** Earth bulge at the middle of 10 km, k = 4/3. */
const MID_BULGE_M = 1.47151;

describe('pathLoss', () => {
  it("without clutter and with free space + knife edge is today's link: 127.7163 dB + J(0) = 6.0329 dB over a ridge grazing the ray", () => {
    // The ridge at the middle reaches the ray (130 m) once the bulge is added: v = 0.
    const result = pathLoss(plain({ 50: 130 - MID_BULGE_M }), settings('free_space_knife_edge'));
    expect(result).toMatchObject({ model: 'free_space_knife_edge', itmDb: null, mode: null, clutterDb: 0, warnings: [], itmRefusal: null });
    expect(result.freeSpaceDb).toBeCloseTo(FREE_SPACE_10KM_DB, 3);
    expect(result.diffractionDb).toBeCloseTo(J_0_DB, 3);
    expect(result.totalDb).toBeCloseTo(FREE_SPACE_10KM_DB + J_0_DB, 3);
  });

  it("with ITM is ITM's loss on the same profile, with its mode", () => {
    const path = plain({ 50: 160 });
    const itm = itmPointToPoint({ ...ITM, profileM: path.terrainM, spacingM: 100, txHeightM: 30, rxHeightM: 30, frequencyMHz: 5800 });
    if (!itm.ok) throw new Error(itm.error);
    const result = pathLoss(path, settings('itm'));
    expect(result).toMatchObject({ model: 'itm', itmDb: itm.lossDb, totalDb: itm.lossDb, mode: itm.mode, clutterDb: 0, itmRefusal: null });
    expect(result.mode).toBe('single_horizon_diffraction');
    // The knife edge is still reported beside it: the ridge stands 31.47 m into the ray.
    expect(result.diffractionDb).toBeGreaterThan(20);
    expect(result.freeSpaceDb).toBeCloseTo(FREE_SPACE_10KM_DB, 3);
  });

  it('adds the clutter between the ends only: 30 m of it blocks a clear plain, and the receiver needs 5.83 m more than the clutter top', () => {
    expect(pathLoss(plain(), settings('free_space_knife_edge', 28)).analysis.clear).toBe(true);
    const result = pathLoss(plain(), settings('free_space_knife_edge', 30));
    expect(result.analysis.clear).toBe(false);
    // The cluttered ground (130 m + bulge) meets the ray from the 130 m transmitter top: the sample
    // nearest the transmitter decides, at d1 = 100 m, d2 = 9,900 m: bulge · D / d1 = d2 · D / (2kR).
    const raiseM = (9_900 * 10_000) / (2 * EFFECTIVE_EARTH_FACTOR * EARTH_RADIUS_M);
    expect(raiseM).toBeCloseTo(5.8272, 4);
    expect(result.analysis.requiredRxAntennaM).toBeCloseTo(30 + raiseM, 6);
    // The bare plain loses nothing to a knife edge, so the clutter's loss is the whole knife edge.
    expect(result.clutterDb).toBeCloseTo(result.diffractionDb, 9);
    expect(result.diffractionDb).toBeGreaterThan(J_0_DB);
    expect(result.totalDb).toBeCloseTo(FREE_SPACE_10KM_DB + result.diffractionDb, 3);
  });

  it("measures the clutter's loss under ITM against ITM over the bare terrain", () => {
    const path = plain({ 50: 160 });
    const bare = pathLoss(path, settings('itm'));
    const cluttered = pathLoss(path, settings('itm', 10));
    const itm = itmPointToPoint({ ...ITM, profileM: withClutter(path.terrainM, 10), spacingM: 100, txHeightM: 30, rxHeightM: 30, frequencyMHz: 5800 });
    if (!itm.ok) throw new Error(itm.error);
    expect(cluttered.totalDb).toBe(itm.lossDb);
    expect(cluttered.clutterDb).toBeCloseTo(itm.lossDb - bare.totalDb, 9);
    expect(cluttered.clutterDb).toBeGreaterThan(0);
  });

  it('never raises the ends', () => {
    const terrain = Float64Array.from([10, 20, 30, 40]);
    expect(Array.from(withClutter(terrain, 5))).toEqual([10, 25, 35, 40]);
    expect(withClutter(terrain, 0)).toBe(terrain);
  });

  it('falls back to free space + knife edge when ITM refuses the path, and says so', () => {
    // ITM refuses a terminal lower than 0.5 m.
    const path = plain({ 50: 130 - MID_BULGE_M }, 0.2);
    const result = pathLoss(path, settings('itm'));
    expect(result).toMatchObject({ model: 'free_space_knife_edge', itmDb: null, mode: null, itmRefusal: 'rxTerminalHeight' });
    expect(result.totalDb).toBeCloseTo(result.freeSpaceDb + result.diffractionDb, 9);
    expect(result.diffractionDb).toBeGreaterThan(J_0_DB);
  });
});
