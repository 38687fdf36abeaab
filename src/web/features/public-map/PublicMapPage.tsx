import { PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { useStartView } from '../../map/useStartView.js';
import { CoverageCheckMap, PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS } from '../coverage-check/index.js';
import { PublicMapHeaderCard } from './PublicMapHeaderCard.js';

/**
 * The public coverage map (/ and /map): a dark map filling the window, with the coverage check. It
 * opens on the start view (Settings → Public map), or the southern Cape when there is none.
 */
export function PublicMapPage() {
  const view = useStartView(PUBLIC_MAP_CENTER);
  return (
    <main style={{ position: 'relative', width: '100%', height: '100dvh', overflow: 'hidden' }}>
      <CoverageCheckMap
        theme="dark"
        center={view.center}
        zoom={view.zoom}
        bounds={view.bounds}
        suggestionDebounceMs={PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS}
        showSearch
        header={<PublicMapHeaderCard />}
      />
    </main>
  );
}
