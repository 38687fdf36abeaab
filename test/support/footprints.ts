import { expect, vi } from 'vitest';
import type { App } from '../../src/server/app.js';
import { bearer } from './testApp.js';

/** A tower's footprint state as GET /api/towers/footprints answers it. */
export interface FootprintStateBody {
  tower_id: number;
  status: string;
  progress: number;
  updated_at: string;
}

/** A footprint is a second or less of work; a shared machine running both databases' tests may take many times that. */
const FOOTPRINT_WAIT = { timeout: 15_000, interval: 50 };

async function footprintStates(app: App, token: string): Promise<FootprintStateBody[]> {
  return (await app.server.inject({ method: 'GET', url: '/api/towers/footprints', headers: bearer(token) })).json().data;
}

/** Waits until the tower's footprint is ready and newer than `after` (an ISO time); fails at once when it failed. */
export async function readyFootprint(app: App, token: string, towerId: number, after = ''): Promise<FootprintStateBody> {
  const settled = await vi.waitFor(async () => {
    const state = (await footprintStates(app, token)).find((s) => s.tower_id === towerId);
    if (state?.status === 'failed') return state;
    if (state?.status !== 'ready' || state.updated_at <= after)
      throw new Error(`the footprint of tower ${towerId} is ${state?.status ?? 'absent'}, not ready after ${after || 'creation'}`);
    return state;
  }, FOOTPRINT_WAIT);
  expect(settled.status).toBe('ready');
  return settled;
}

/** Waits until no tower footprint waits or is being computed (they follow every tower, terrain and radio settings change). */
export async function waitForFootprints(app: App, token: string): Promise<void> {
  await vi.waitFor(async () => {
    const states = await footprintStates(app, token);
    if (states.length === 0 || states.some((state) => state.status === 'queued' || state.status === 'computing'))
      throw new Error('tower footprints are still being computed');
  }, FOOTPRINT_WAIT);
}

/**
 * `count` points spread uniformly over the disc of `radiusM` metres round `centre` (degrees), from a
 * seeded Park–Miller generator, so a test's points are the same on every run.
 */
export function seededPointsInDisc(
  centre: { latitude: number; longitude: number },
  radiusM: number,
  count: number,
  seed: number,
): { lat: number; lng: number }[] {
  let state = seed;
  const random = () => (state = (state * 16807) % 2147483647) / 2147483647;
  return Array.from({ length: count }, () => {
    const distanceM = Math.sqrt(random()) * radiusM;
    const bearing = random() * 2 * Math.PI;
    return {
      lat: centre.latitude + (Math.cos(bearing) * distanceM) / 111_195,
      lng: centre.longitude + (Math.sin(bearing) * distanceM) / (111_195 * Math.cos((centre.latitude * Math.PI) / 180)),
    };
  });
}
