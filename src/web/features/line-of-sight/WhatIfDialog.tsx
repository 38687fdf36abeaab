import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { CandidateTowerInput, WhatIfResult } from '../../../common/api/footprints.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useWhatIf } from './lineOfSightQueries.js';
import { whatIfDefaults, whatIfForm, type WhatIfFormOutput, type WhatIfFormValues, whatIfPayload } from './whatIfForm.js';

const FAILED = 'Could not compute the footprint';
const unit = (text: string) => ({ input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });

interface WhatIfDialogProps {
  /** Where the candidate starts: the analysed target, if any. */
  start: { lat: number; lng: number } | null;
  onClose: () => void;
  onComputed: (candidate: CandidateTowerInput, result: WhatIfResult) => void;
}

/** "What if": a candidate tower's position and radio; its footprint is computed, nothing is saved. */
export function WhatIfDialog({ start, onClose, onComputed }: WhatIfDialogProps) {
  const titleId = useId();
  const formId = useId();
  const whatIf = useWhatIf();
  const { control, handleSubmit } = useForm<WhatIfFormValues, unknown, WhatIfFormOutput>({
    resolver: zodResolver(whatIfForm),
    defaultValues: whatIfDefaults(start),
  });

  const onSubmit = handleSubmit((values) => {
    const candidate = whatIfPayload(values);
    whatIf.mutate(candidate, {
      onSuccess: (result) => {
        onComputed(candidate, result);
        onClose();
      },
    });
  });

  const number = (name: keyof WhatIfFormValues, label: string, suffix: string | null, input: Record<string, number | string>) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      type="number"
      required
      fullWidth
      slotProps={{ ...(suffix ? unit(suffix) : {}), htmlInput: input }}
    />
  );

  return (
    <Dialog open onClose={whatIf.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>What if: a new tower</DialogTitle>
      <DialogContent dividers>
        <DialogContentText sx={{ mb: 2 }}>
          Place a candidate tower to see the footprint it would have over the terrain and how many logged searches without coverage and waitlisted spots it
          would reach. Nothing is saved.
        </DialogContentText>
        <form id={formId} noValidate onSubmit={onSubmit}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{number('latitude', 'Latitude', null, { step: 'any', min: -90, max: 90 })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{number('longitude', 'Longitude', null, { step: 'any', min: -180, max: 180 })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{number('height_meters', 'Height', 'm', { step: 1, min: 1 })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{number('frequency_ghz', 'Frequency', 'GHz', { step: 'any', min: 0.1 })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{number('power_dbm', 'Power', 'dBm', { step: 'any' })}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{number('coverage_radius_km', 'Coverage radius', 'km', { step: 'any', min: 1 })}</Grid>
          </Grid>
        </form>
        {whatIf.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(whatIf.error, FAILED)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={whatIf.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={whatIf.isPending}
          startIcon={whatIf.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {whatIf.isPending ? 'Computing…' : 'Show footprint'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
