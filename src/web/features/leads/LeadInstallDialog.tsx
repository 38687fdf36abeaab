import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { InstallOutcome } from '../../../common/api/measurements.js';
import { MEASUREMENT_HEIGHT_RANGE, MEASUREMENT_RSSI_RANGE } from '../../../common/api/measurements.js';
import type { ReportLead } from '../../../common/api/reports.js';
import { errorMessage, fieldErrorsOf } from '../../api/ApiError.js';
import { useRadioSettings } from '../settings/index.js';
import { useTowers } from '../towers/index.js';
import { type LeadInstallProblems, leadInstallDefaults, leadInstallPayload, type LeadInstallValues, likelyTower } from './leadInstallForm.js';
import { useRecordInstall } from './leadsQueries.js';

const RECORDED_FALLBACK = { installed: 'Install recorded', failed: 'Failed install recorded' } as const;
const RECORD_FAILED = 'Failed to record the install';
const BEST_SECTOR = '';
const DEFAULT_PROFILE = '';

interface LeadInstallDialogProps {
  lead: ReportLead;
  outcome: InstallOutcome;
  onClose: () => void;
  /** After the install is recorded: the lead as it now is, and the server's message. */
  onRecorded: (lead: ReportLead, message: string) => void;
}

/**
 * Records a lead's install (POST /api/leads/{id}/install): "Mark installed" asks for the signal
 * measured at the customer's antenna, the tower and sector it came from; "Install failed (no
 * signal)" records that nothing usable was received. Height, CPE profile and a note are optional.
 * Either becomes a measurement at the lead's spot, feeding the map's error figures.
 */
export function LeadInstallDialog({ lead, outcome, onClose, onRecorded }: LeadInstallDialogProps) {
  const titleId = useId();
  const formId = useId();
  const towers = useTowers();
  const settings = useRadioSettings();
  const record = useRecordInstall();
  const towerList = towers.data ?? [];
  const [values, setValues] = useState<LeadInstallValues | null>(null);
  const [problems, setProblems] = useState<LeadInstallProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The form starts once the towers are known (the likeliest tower preselected).
  const form = values ?? (towers.data ? leadInstallDefaults(lead.install ?? null, likelyTower(lead, towerList)) : null);
  const tower = towerList.find((candidate) => String(candidate.id) === form?.tower_id) ?? null;
  const installed = outcome === 'installed';

  const change = (field: keyof LeadInstallValues, value: string) => {
    if (!form) return;
    setValues({ ...form, [field]: value, ...(field === 'tower_id' ? { sector_id: BEST_SECTOR } : {}) });
    setProblems((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = () => {
    if (!form) return;
    const checked = leadInstallPayload(outcome, form);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setFailure(null);
    record.mutate(
      { id: lead.id, install: checked.payload },
      {
        onSuccess: ({ message, lead: saved }) => onRecorded(saved, message ?? RECORDED_FALLBACK[outcome]),
        onError: (error) => {
          const byField = fieldErrorsOf(error) as LeadInstallProblems;
          if (Object.keys(byField).length > 0) setProblems(byField);
          else setFailure(errorMessage(error, RECORD_FAILED));
        },
      },
    );
  };

  const text = (field: keyof LeadInstallValues, help?: string) => ({
    value: form?.[field] ?? '',
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    error: problems[field] !== undefined,
    helperText: problems[field] ?? help,
    fullWidth: true,
    margin: 'dense' as const,
  });

  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{installed ? `Mark ${lead.name} installed` : `Install failed for ${lead.name}`}</DialogTitle>
      <DialogContent dividers>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {installed
            ? 'The signal the customer’s antenna received, recorded as a measurement at the lead’s spot. The lead becomes Converted.'
            : 'No usable signal at the lead’s spot: recorded as a failed install, which counts against the map’s “serviceable” figure. The lead becomes Closed.'}
          {lead.install && ' It replaces the install recorded before.'}
        </DialogContentText>
        {(towers.isError || settings.isError) && <Alert severity="error">Could not load the towers or the radio settings.</Alert>}
        {failure && (
          <Alert severity="error" role="alert" sx={{ my: 1 }}>
            {failure}
          </Alert>
        )}
        {form && (
          <Grid
            container
            columnSpacing={2}
            component="form"
            id={formId}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Grid size={{ xs: 12, sm: 7 }}>
              <TextField {...text('tower_id')} select label="Tower" required>
                {towerList.map((candidate) => (
                  <MenuItem key={candidate.id} value={String(candidate.id)}>
                    {candidate.name}
                    {candidate.code ? ` (${candidate.code})` : ''}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 5 }}>
              <TextField
                {...text('sector_id', tower && tower.sectors.length > 0 ? undefined : 'This tower has one antenna')}
                select
                label="Sector"
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value={BEST_SECTOR}>Best sector</MenuItem>
                {(tower?.sectors ?? []).map((sector) => (
                  <MenuItem key={sector.id} value={String(sector.id)}>
                    {sector.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            {installed && (
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  {...text('rssi_dbm', `From ${MEASUREMENT_RSSI_RANGE.min} to ${MEASUREMENT_RSSI_RANGE.max}, as the radio reports it`)}
                  label="Signal measured"
                  required
                  autoFocus
                  slotProps={{
                    input: { endAdornment: <InputAdornment position="end">dBm</InputAdornment> },
                    htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                  }}
                />
              </Grid>
            )}
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                {...text('height_m', `Blank: the profile’s height (${MEASUREMENT_HEIGHT_RANGE.min} to ${MEASUREMENT_HEIGHT_RANGE.max} m)`)}
                label="Antenna height"
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
                  htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: installed ? 12 : 6 }}>
              <TextField {...text('cpe_profile')} select label="Customer antenna" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
                <MenuItem value={DEFAULT_PROFILE}>The default profile</MenuItem>
                {(settings.data?.cpe_profiles ?? []).map((profile) => (
                  <MenuItem key={profile.name} value={profile.name}>
                    {profile.name}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={12}>
              <TextField {...text('note')} label="Note" multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
            </Grid>
          </Grid>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" color={installed ? 'primary' : 'error'} disabled={record.isPending || !form}>
          {record.isPending ? 'Saving...' : installed ? 'Record install' : 'Record failed install'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
