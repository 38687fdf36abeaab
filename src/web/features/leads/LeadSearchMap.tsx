import Box from '@mui/material/Box';
import type { LatLng } from '../../map/mapTypes.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import { PointMarker } from '../../map/PointMarker.js';

const SEARCH_ZOOM = 13;

/** A small map of where the lead's search was made, with a marker on the spot. */
export function LeadSearchMap({ point }: { point: LatLng }) {
  return (
    <Box sx={{ height: 220, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
      <ConfiguredBaseMap theme="light" center={point} zoom={SEARCH_ZOOM} label="Search location map">
        <PointMarker point={point} label="Search location" camera="none" />
      </ConfiguredBaseMap>
    </Box>
  );
}
