import Close from '@mui/icons-material/Close';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CoverageLayer } from '../../../common/api/coverageLayers.js';
import type { Provider } from '../../../common/api/providers.js';
import { SERVICE_STATUSES } from '../../../common/serviceStatus.js';
import { errorMessage } from '../../api/ApiError.js';
import { SERVICE_STATUS_STYLES } from '../../map/serviceStatusStyle.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { ColorMappingPanel } from './ColorMappingPanel.js';
import type { CoverageLayerFormOutput, CoverageLayerFormValues } from './coverageLayerForm.js';
import { coverageLayerForm, EMPTY_COVERAGE_LAYER_FORM, layerToForm } from './coverageLayerForm.js';
import { useSaveCoverageLayer } from './coverageQueries.js';
import { formatBytes, KML_ACCEPT, KML_SIZE_NOTE } from './kmlFile.js';
import { useKmlColorAnalysis } from './useKmlColorAnalysis.js';
import { UploadProgress } from '../../ui/UploadProgress.js';

const CREATED_FALLBACK = 'Coverage layer created successfully!';
const UPDATED_FALLBACK = 'Coverage layer updated successfully!';
const SAVE_FAILED = 'Failed to save coverage layer';
/** Told after a file was chosen: no colours found (override switched on), or the file could not be read. */
const NO_COLORS = 'No colors detected in KML file. You can manually assign a status to all polygons.';
const ANALYSIS_FAILED = 'Could not analyze KML file colors';

interface CoverageLayerDialogProps {
  /** The layer to edit; null adds a new one. */
  layer: CoverageLayer | null;
  providers: readonly Provider[];
  /** False while the provider list is loading (or failed), so an empty list is not "no providers". */
  providersLoaded: boolean;
  onClose: () => void;
  onResult: (severity: 'success' | 'error', message: string) => void;
}

/** The coverage layer add/edit dialog (docs/admin-guide.md, Coverage); mounted afresh for each opening. */
export function CoverageLayerDialog({ layer, providers, providersLoaded, onClose, onResult }: CoverageLayerDialogProps) {
  const editing = layer !== null;
  const titleId = useId();
  const formId = useId();
  const save = useSaveCoverageLayer();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const { control, handleSubmit, getValues, setValue } = useForm<CoverageLayerFormValues, unknown, CoverageLayerFormOutput>({
    resolver: zodResolver(coverageLayerForm),
    defaultValues: layer ? layerToForm(layer) : EMPTY_COVERAGE_LAYER_FORM,
  });
  const override = useWatch({ control, name: 'use_manual_override' });
  const mappings = useWatch({ control, name: 'color_mappings' });
  const defaultStatus = useWatch({ control, name: 'default_status' });

  const { file, problem: fileProblem, analysis, choose: chooseFile, clear: clearFile } = useKmlColorAnalysis({
    currentMappings: () => getValues('color_mappings'),
    apply: (fields) => {
      setValue('color_mappings', fields.color_mappings);
      setValue('use_manual_override', fields.use_manual_override);
    },
  });

  const onSubmit = handleSubmit(() => {
    const values = getValues();
    setProgress(file ? 0 : null);
    save.mutate(
      { id: layer?.id, values, file, onProgress: setProgress },
      {
        onSuccess: (envelope) => {
          onResult('success', envelope.message ?? (editing ? UPDATED_FALLBACK : CREATED_FALLBACK));
          onClose();
        },
        onError: (error) => {
          setProgress(null);
          onResult('error', errorMessage(error, SAVE_FAILED));
        },
      },
    );
  });

  const busy = save.isPending;
  const showPanel = mappings.length > 0 && !override;

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{editing ? 'Edit Coverage Layer' : 'Add New Coverage Layer'}</DialogTitle>
      <DialogContent dividers>
        <form id={formId} noValidate onSubmit={onSubmit}>
          <FormTextField control={control} name="name" label="Layer Name" required autoFocus />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="provider_id"
                label="Provider"
                required
                select
                helperText={
                  !providersLoaded ? 'Loading providers...' : providers.length === 0 ? 'Add a provider in Providers Management first.' : undefined
                }
              >
                {providers.map((provider) => (
                  <MenuItem key={provider.id} value={String(provider.id)}>
                    {provider.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="default_status"
                label="Default Status"
                select
                helperText="For colours left to the layer default, and polygons without a colour."
              >
                {SERVICE_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {SERVICE_STATUS_STYLES[status].label}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
          </Grid>
          <FormTextField
            control={control}
            name="services"
            label="Services"
            required
            placeholder="Fiber, LTE, ADSL"
            helperText="Separate services with commas."
          />
          <FormSwitch control={control} name="active" label="Active" helperText="Inactive layers are left off the map and out of coverage checks." />

          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
            KML File
          </Typography>
          {layer?.kml_data && !file && (
            <Typography variant="body2" color="text.secondary">
              Current file: {layer.kml_filename ?? 'uploaded'} ({layer.feature_count.toLocaleString()}{' '}
              {layer.feature_count === 1 ? 'feature' : 'features'}). Choose a file to replace it.
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }} useFlexGap>
            <Button variant="outlined" startIcon={<UploadFile />} onClick={() => fileInput.current?.click()} disabled={busy}>
              {file || layer?.kml_data ? 'Replace KML File' : 'Choose KML File'}
            </Button>
            {file && (
              <>
                <Typography variant="body2">
                  {file.name} ({formatBytes(file.size)})
                </Typography>
                <IconButton size="small" aria-label="Remove chosen file" onClick={clearFile} disabled={busy}>
                  <Close fontSize="small" />
                </IconButton>
              </>
            )}
          </Stack>
          <input
            ref={fileInput}
            type="file"
            aria-label="KML file"
            accept={KML_ACCEPT}
            style={{ display: 'none' }}
            onChange={(event) => {
              void chooseFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <FormHelperText error={fileProblem !== null} role={fileProblem ? 'alert' : undefined}>
            {fileProblem ?? `KML or KMZ file, up to ${KML_SIZE_NOTE}.`}
          </FormHelperText>
          <Box aria-live="polite">
            {analysis.state === 'analyzing' && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
                <LinearProgress sx={{ flexGrow: 1, maxWidth: 200 }} aria-label="Analysing colours" />
                <Typography variant="body2">Analysing colours...</Typography>
              </Stack>
            )}
            {analysis.state === 'colors' && (
              <Alert severity="success" sx={{ mt: 1 }}>
                {analysis.count === 1 ? 'Found 1 colour' : `Found ${analysis.count} colours`} in the file. Assign a status to each below.
              </Alert>
            )}
            {analysis.state === 'none' && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {NO_COLORS}
              </Alert>
            )}
            {analysis.state === 'failed' && (
              <Alert severity="warning" sx={{ mt: 1 }}>
                {ANALYSIS_FAILED}
              </Alert>
            )}
          </Box>

          <Box sx={{ mt: 2 }}>
            <FormSwitch
              control={control}
              name="use_manual_override"
              label="Use manual status override"
              helperText="One status for all polygons of this layer; colours are ignored."
            />
            {override && (
              <FormTextField control={control} name="manual_override_status" label="Manual Override Status" select sx={{ maxWidth: 320 }}>
                {SERVICE_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {SERVICE_STATUS_STYLES[status].label}
                  </MenuItem>
                ))}
              </FormTextField>
            )}
          </Box>
          {showPanel && <ColorMappingPanel control={control} defaultStatus={defaultStatus} uses={analysis.state === 'colors' ? analysis.uses : []} />}
        </form>
      </DialogContent>
      {busy && progress !== null && <UploadProgress
          fraction={progress}
          sending={(percent) => `Uploading file... ${percent}%`}
          processing="File uploaded. Processing it on the server..."
          sx={{ px: 3, pt: 2 }}
        />}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy || analysis.state === 'analyzing'}>
          {busy ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
