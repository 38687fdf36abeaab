import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { parseEmbedParams } from './embedParams.js';
import { usePostDocumentHeight } from './usePostDocumentHeight.js';

/** /embed: the coverage map for other sites' iframes, configured by its query string. */
export function EmbedMapPage() {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => parseEmbedParams(searchParams), [searchParams]);
  usePostDocumentHeight();

  return (
    <Box component="main" sx={{ position: 'relative', width: '100%', height: params.height }}>
      <ConfiguredBaseMap theme={params.theme} center={params.center} zoom={params.zoom} label="Coverage map" />
    </Box>
  );
}
