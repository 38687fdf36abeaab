import { useSyncExternalStore } from 'react';
import type { PublicConfig } from '../../common/api/publicConfig.js';
import { apiData } from '../api/apiClient.js';

/**
 * GET /api/config, the runtime settings every map needs: the basemaps (they change only with a
 * server restart) and the start view, which follows the coverage and the Public map setting. One
 * copy per page, kept outside React so the public pages need no data library to read it: a screen
 * that opens a minute after the last answer reads it again, and saving the setting refreshes it at
 * once (refreshPublicConfig).
 */
const START_VIEW_STALE_MS = 60_000;

export interface PublicConfigState {
  data: PublicConfig | undefined;
  /** True until the first answer or failure. */
  isPending: boolean;
  /** The last call failed; `data` keeps the previous answer, if any. */
  isError: boolean;
}

let state: PublicConfigState = { data: undefined, isPending: true, isError: false };
let fetchedAt = Number.NEGATIVE_INFINITY;
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: PublicConfigState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads /api/config again (one call at a time) and tells every map that uses it. */
export function refreshPublicConfig(): Promise<void> {
  inFlight ??= apiData<PublicConfig>('/config')
    .then(
      (data) => {
        fetchedAt = Date.now();
        publish({ data, isPending: false, isError: false });
      },
      () => publish({ data: state.data, isPending: false, isError: true }),
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (Date.now() - fetchedAt > START_VIEW_STALE_MS) void refreshPublicConfig();
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** The configuration, read when the first component that needs it mounts (and again once it is a minute old). */
export function usePublicConfig(): PublicConfigState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
