import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CoverageCheckMap, EMBED_SUGGESTION_DEBOUNCE_MS } from '../coverage-check/index.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { parseEmbedParams } from '../embedding/index.js';
import { usePostDocumentHeight } from './usePostDocumentHeight.js';

/**
 * /embed: the coverage map for other sites' iframes, configured by its query string, with the same
 * check, results and lead flow as the public map (suggestions debounced 150 ms).
 */
export function EmbedMapPage() {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parseEmbedParams(searchParams), [searchParams]);
  usePostDocumentHeight();

  return (
    <Box component="main" sx={{ position: 'relative', width: '100%', height: params.height }}>
      {/* The page's title for screen readers; the host page shows its own heading around the frame. */}
      <Box component="h1" sx={visuallyHidden}>
        Internet coverage map
      </Box>
      <CoverageCheckMap
        theme={params.theme}
        center={params.center}
        zoom={params.zoom}
        suggestionDebounceMs={EMBED_SUGGESTION_DEBOUNCE_MS}
        showSearch={params.showSearch}
      />
    </Box>
  );
}
