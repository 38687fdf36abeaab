import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CoverageCheckMap } from '../coverage-check/CoverageCheckMap.js';
import { EMBED_SUGGESTION_DEBOUNCE_MS } from '../coverage-check/messages.js';
import { parseEmbedParams } from './embedParams.js';
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
