import Box from '@mui/material/Box';
import { DEFAULT_ZOOM, PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { PublicMapHeaderCard } from './PublicMapHeaderCard.js';

/** The public coverage map (/ and /map): a dark map filling the window. */
export function PublicMapPage() {
  return (
    <Box component="main" sx={{ position: 'relative', width: '100%', height: '100dvh', overflow: 'hidden' }}>
      <ConfiguredBaseMap theme="dark" center={PUBLIC_MAP_CENTER} zoom={DEFAULT_ZOOM} label="Coverage map" />
      <PublicMapHeaderCard />
    </Box>
  );
}
