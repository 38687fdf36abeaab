import Box from '@mui/material/Box';
import { DEFAULT_ZOOM, PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { CoverageCheckMap, PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS } from '../coverage-check/index.js';
import { PublicMapHeaderCard } from './PublicMapHeaderCard.js';

/** The public coverage map (/ and /map): a dark map filling the window, with the coverage check. */
export function PublicMapPage() {
  return (
    <Box component="main" sx={{ position: 'relative', width: '100%', height: '100dvh', overflow: 'hidden' }}>
      <CoverageCheckMap
        theme="dark"
        center={PUBLIC_MAP_CENTER}
        zoom={DEFAULT_ZOOM}
        suggestionDebounceMs={PUBLIC_MAP_SUGGESTION_DEBOUNCE_MS}
        showSearch
        header={<PublicMapHeaderCard />}
      />
    </Box>
  );
}
