import { useMemo } from 'react';
import type { LatLng } from './mapTypes.js';
import { resolveStartView, type MapView } from './startView.js';
import { usePublicConfig } from './publicConfig.js';

/** Where a public map opens (GET /api/config's start_view), `fallback` at the default zoom when there is none. */
export function useStartView(fallback: LatLng): MapView {
  const startView = usePublicConfig().data?.start_view;
  return useMemo(() => resolveStartView(startView, fallback), [startView, fallback]);
}
