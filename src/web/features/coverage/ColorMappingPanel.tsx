import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray } from 'react-hook-form';
import { SERVICE_STATUSES } from '../../../common/serviceStatus.js';
import { SERVICE_STATUS_STYLES } from '../../map/serviceStatusStyle.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { visuallyHidden } from '../../ui/visuallyHidden.js';
import type { CoverageLayerFormControl } from './coverageLayerForm.js';

interface ColorMappingPanelProps {
  control: CoverageLayerFormControl;
}

/**
 * The per-colour status assignment: each colour of the KML file, as a swatch,
 * with the service status its polygons stand for and an optional description.
 */
export function ColorMappingPanel({ control }: ColorMappingPanelProps) {
  const { fields } = useFieldArray({ control, name: 'color_mappings' });
  return (
    <Paper variant="outlined" component="section" aria-label="Colour status assignment" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Colour Status Assignment
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each colour in the file marks an area. Choose the service status each colour stands for.
      </Typography>
      <Stack spacing={2} sx={{ mt: 2 }}>
        {fields.map((field, index) => (
          <Grid key={field.id} container spacing={2} sx={{ alignItems: 'center' }} data-color={field.color}>
            <Grid size={{ xs: 12, sm: 3 }}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box
                  role="img"
                  aria-label={`Colour ${field.color}`}
                  sx={{ width: 32, height: 32, borderRadius: 1, bgcolor: field.color, border: 1, borderColor: 'divider', flexShrink: 0 }}
                />
                <Typography sx={{ fontFamily: 'monospace' }}>{field.color}</Typography>
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name={`color_mappings.${index}.status`}
                select
                size="small"
                margin="none"
                label={<LabelFor text="Status" color={field.color} />}
              >
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
            <Grid size={{ xs: 12, sm: 5 }}>
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
