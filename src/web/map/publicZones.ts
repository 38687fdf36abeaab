import { useSyncExternalStore } from 'react';
import type { PublicZone } from '../../common/api/zones.js';
import { apiData } from '../api/apiClient.js';

/**
 * GET /api/zones, the active zones the public map draws and the results dialog looks the checked
 * point up in. One copy per page, kept outside React like publicConfig.ts: it is first asked for
 * when the map view or the results dialog mounts (both after the first screen is painted), and
 * again by a screen that opens once the copy is a minute old, as confirmations move the counts.
 */
const ZONES_STALE_MS = 60_000;

export interface PublicZonesState {
  /** Empty until the first answer, and when the zones could not be read (the map works without them). */
  zones: readonly PublicZone[];
}

let state: PublicZonesState = { zones: [] };
let fetchedAt = Number.NEGATIVE_INFINITY;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function refreshPublicZones(): Promise<void> {
  inFlight ??= apiData<PublicZone[]>('/zones')
    .then(
      (zones) => {
        fetchedAt = Date.now();
        state = { zones };
        for (const listener of listeners) listener();
      },
      // Zones are an addition to the map: without them it still checks coverage, so a failure keeps the last copy.
      () => undefined,
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (Date.now() - fetchedAt > ZONES_STALE_MS) void refreshPublicZones();
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The active zones, read when the first component that needs them mounts (and again once a minute old). */
export function usePublicZones(): readonly PublicZone[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot).zones;
}
