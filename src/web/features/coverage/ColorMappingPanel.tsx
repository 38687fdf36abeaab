import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray } from 'react-hook-form';
import { LAYER_DEFAULT } from '../../../common/api/coverageLayers.js';
import type { ServiceStatus } from '../../../common/serviceStatus.js';
import { SERVICE_STATUSES } from '../../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from '../../map/serviceStatusStyle.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import { OUTLINE_BOX } from './colorOutlines.js';
import type { CoverageLayerFormControl } from './coverageLayerForm.js';
import type { ColorUseView } from './useKmlColorAnalysis.js';

interface ColorMappingPanelProps {
  control: CoverageLayerFormControl;
  /** The layer's default status, which colours left to it take. */
  defaultStatus: ServiceStatus;
  /** What the chosen file's analysis told of each colour (polygons, a sample name); empty when no file was chosen in this dialog. */
  uses: readonly ColorUseView[];
}

/**
 * The per-colour status assignment: each colour of the KML file, as a swatch with how many
 * polygons use it and a sample placemark name, with the service status its polygons stand for
 * ("Use layer default" until one is chosen) and an optional description.
 */
export function ColorMappingPanel({ control, defaultStatus, uses }: ColorMappingPanelProps) {
  const { fields } = useFieldArray({ control, name: 'color_mappings' });
  const useOf = new Map(uses.map((use) => [use.color, use]));
  return (
    <Paper variant="outlined" component="section" aria-label="Colour status assignment" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Colour Status Assignment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each colour in the file marks an area. Choose the service status each colour stands for; a colour left to the layer default takes
        its Default Status.
      </Typography>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {fields.map((field, index) => (
          <Grid key={field.id} container spacing={2} sx={{ alignItems: 'center' }} data-color={field.color}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <ColorSwatch color={field.color} outline={useOf.get(field.color)?.outline ?? null} />
                <div>
                  <Typography sx={{ fontFamily: 'monospace' }}>{field.color}</Typography>
                  <ColorUseNote use={useOf.get(field.color)} />
                </div>
              </Stack>
            </Grid>
            {/* Wide enough for "Use layer default (Coming Soon)" whole. */}
            <Grid size={{ xs: 12, sm: 5 }}>
              <FormTextField
                control={control}
                name={`color_mappings.${index}.status`}
                select
                size="small"
                margin="none"
                label={<LabelFor text="Status" color={field.color} />}
              >
                <MenuItem value={LAYER_DEFAULT}>Use layer default ({SERVICE_STATUS_STYLES[defaultStatus].label})</MenuItem>
                {SERVICE_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    <Box
                      component="span"
                      aria-hidden
                      sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: SERVICE_STATUS_STYLES[status].color, mr: 1 }}
                    />
                    {SERVICE_STATUS_STYLES[status].label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name={`color_mappings.${index}.description`}
                size="small"
                margin="none"
                label={<LabelFor text="Description" color={field.color} />}
                placeholder="e.g. Fibre live"
              />
            </Grid>
          </Grid>
        ))}
      </Stack>
    </Paper>
  );
}

/** A short visible label whose accessible name also says which colour it belongs to. */
function LabelFor({ text, color }: { text: string; color: string }) {
  return (
    <>
      {text}
      <Box component="span" sx={visuallyHidden}>
        {` for ${color}`}
      </Box>
    </>
  );
}

/** The colour as a square, or as a tiny map of its polygons when the chosen file gave one. */
function ColorSwatch({ color, outline }: { color: string; outline: string | null }) {
  const frame = { width: 32, height: 32, borderRadius: 1, border: 1, borderColor: 'divider', flexShrink: 0 } as const;
  if (outline === null) return <Box role="img" aria-label={`Colour ${color}`} sx={{ ...frame, bgcolor: color }} />;
  return (
    <Box component="svg" role="img" aria-label={`Colour ${color}`} viewBox={`0 0 ${OUTLINE_BOX} ${OUTLINE_BOX}`} sx={{ ...frame, bgcolor: 'background.paper' }}>
      <path d={outline} fill={color} fillOpacity={0.7} fillRule="evenodd" stroke={color} strokeWidth={0.75} />
    </Box>
  );
}

/** How many polygons use a colour and one placemark's name, when the chosen file told. */
function ColorUseNote({ use }: { use: ColorUseView | undefined }) {
  if (!use) return null;
  return (
    <Typography variant="body2" color="text.secondary">
      {use.polygons === 1 ? '1 polygon' : `${use.polygons.toLocaleString()} polygons`}
      {use.sample ? `, e.g. ${use.sample}` : ''}
    </Typography>
  );
}
