import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { CLUTTER_CLASS_LABELS } from '../../../common/api/clutterAreas.js';
import { CLUTTER_CLASS_COLORS } from '../../map/clutterAreaLayers.js';
import type { ClutterAreaEntry } from './losClutter.js';

/**
 * Under the map: "Show clutter areas" and the areas by name and class (uploaded under Settings →
 * Radio). Nothing while there is none.
 */
export function LosClutterAreas({
  areas,
  shown,
  onShownChange,
}: {
  areas: readonly ClutterAreaEntry[];
  shown: boolean;
  onShownChange: (shown: boolean) => void;
}) {
  const headingId = useId();
  if (areas.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="subtitle2" component="h2">
          Clutter areas
        </Typography>
        <FormControlLabel control={<Switch checked={shown} onChange={(event) => onShownChange(event.target.checked)} />} label="Show clutter areas" />
      </Stack>
      <Box component="ul" aria-labelledby={headingId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
        {areas.map((area) => (
          <Typography key={area.id} component="li" variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box
              aria-hidden
              sx={{
                width: 10,
                height: 10,
                flexShrink: 0,
                border: `1.5px solid ${CLUTTER_CLASS_COLORS[area.clutter_class]}`,
                bgcolor: `${CLUTTER_CLASS_COLORS[area.clutter_class]}4d`,
              }}
            />
            {area.name}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              ({CLUTTER_CLASS_LABELS[area.clutter_class].toLowerCase()})
            </Box>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
