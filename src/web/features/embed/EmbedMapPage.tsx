import { useMemo } from 'react';
import { EMBED_MAP_CENTER } from '../../../common/mapDefaults.js';
import { useStartView } from '../../map/useStartView.js';
import { CoverageCheckMap, EMBED_SUGGESTION_DEBOUNCE_MS } from '../coverage-check/index.js';
import { embedView, parseEmbedParams } from '../embedding/index.js';
import { usePostDocumentHeight } from './usePostDocumentHeight.js';

/**
 * /embed: the coverage map for other sites' iframes, configured by its query string `search` (the
 * iframe address's, read once by main.tsx; empty when rendered ahead of time), with the same check, results and lead flow as
 * the public map (suggestions debounced 150 ms). Without location and zoom parameters it opens on
 * the start view (Settings → Public map), or on Pretoria when there is none.
 */
export function EmbedMapPage({ search }: { search: string }) {
  const searchParams = useMemo(() => new URLSearchParams(search), [search]);
  const params = useMemo(() => parseEmbedParams(searchParams), [searchParams]);
  const start = useStartView(EMBED_MAP_CENTER);
  const view = useMemo(() => embedView(searchParams, start), [searchParams, start]);
  usePostDocumentHeight();

  return (
    <main style={{ position: 'relative', width: '100%', height: params.height }}>
      {/* The page's title for screen readers; the host page shows its own heading around the frame. */}
      <h1 className="plain-visually-hidden">Internet coverage map</h1>
      <CoverageCheckMap
        theme={params.theme}
        center={view.center}
        zoom={view.zoom}
        bounds={view.bounds}
        suggestionDebounceMs={EMBED_SUGGESTION_DEBOUNCE_MS}
        showSearch={params.showSearch}
      />
    </main>
  );
}
