import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import { errorMessage, fieldErrorsOf } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import {
  newSectorForm,
  patternLabel,
  type SectorFormOutput,
  type SectorFormValues,
  type SectorPayload,
  sectorForm,
  sectorPayload,
  sectorServerErrors,
  sectorToForm,
} from './sectorForm.js';
import { formatNumber } from './towerFormat.js';
import { useSaveSector } from './towerQueries.js';

const SAVE_FAILED = 'Failed to save sector';

/** What a sector left blank takes from its tower. */
export interface TowerRadio {
  frequency_ghz: string;
  power_dbm: string;
  /** The tower's height plus its antenna height, metres; null while the tower form holds no number. */
  antennaHeightM: number | null;
}

interface SectorDialogProps {
  /** The sector to edit (with its id once stored); null adds one. */
  sector: (SectorPayload & { id?: number }) | null;
  /** The stored tower the sector is saved to at once; null for a tower not yet added (the sector waits for it). */
  towerId: number | null;
  patterns: readonly AntennaPatternSummary[];
  tower: TowerRadio;
  onClose: () => void;
  /** A sector of a tower not yet added: kept until the tower is. */
  onKeep: (sector: SectorPayload) => void;
  /** A sector stored: the server's message. */
  onSaved: (message: string) => void;
}

const unit = (text: string) => ({ input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });

/** The add/edit dialog of one sector of a tower (docs/admin-guide.md, Towers, Sectors). */
export function SectorDialog({ sector, towerId, patterns, tower, onClose, onKeep, onSaved }: SectorDialogProps) {
  const titleId = useId();
  const formId = useId();
  const save = useSaveSector();
  const [otherError, setOtherError] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<SectorFormValues, unknown, SectorFormOutput>({
    resolver: zodResolver(sectorForm),
    defaultValues: sector ? sectorToForm(sector) : newSectorForm(patterns),
  });

  const onSubmit = handleSubmit((values) => {
    const body = sectorPayload(values);
    if (towerId === null) {
      onKeep(body);
      onClose();
      return;
    }
    setOtherError(null);
    save.mutate(
      { towerId, sectorId: sector?.id, body },
      {
        onSuccess: (envelope) => {
          onSaved(envelope.message ?? (sector ? 'Sector updated successfully' : 'Sector added successfully'));
          onClose();
        },
        onError: (error) => {
          const { fields, other } = sectorServerErrors(errorMessage(error, SAVE_FAILED), fieldErrorsOf(error));
          setOtherError(other);
          let first = true;
          for (const [field, message] of Object.entries(fields)) {
            setError(field as keyof SectorFormValues, { type: 'server', message }, { shouldFocus: first });
            first = false;
          }
        },
      },
    );
  });

  const heightHint =
    tower.antennaHeightM === null ? "Blank: the tower's height plus its antenna height" : `Blank: ${formatNumber(tower.antennaHeightM)} m, the tower's`;

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{sector ? `Edit Sector ${sector.name}` : 'Add Sector'}</DialogTitle>
      <DialogContent dividers>
        {otherError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {otherError}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)}>
          <Grid container spacing={2}>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="name"
                label="Sector Name"
                required
                autoFocus
                fullWidth
                helperText="e.g. North, or the access point's name"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="azimuth_deg"
                label="Azimuth"
                type="number"
                required
                fullWidth
                slotProps={{ ...unit('°'), htmlInput: { step: 1, min: 0, max: 360 } }}
                helperText="Where it points: degrees clockwise from true north, 0 to 360"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="downtilt_deg"
                label="Down-tilt"
                type="number"
                fullWidth
                slotProps={{ ...unit('°'), htmlInput: { step: 0.5, min: -10, max: 30 } }}
                helperText="Degrees, -10 to 30; positive is below the horizon"
              />
            </Grid>
            <Grid size={12}>
              <FormTextField
                control={control}
                name="antenna_pattern_id"
                label="Antenna Pattern"
                select
                required
                fullWidth
                helperText="From the pattern library (Settings, Antenna patterns): peak gain, horizontal × vertical half-power beam"
              >
                {patterns.map((pattern) => (
                  <MenuItem key={pattern.id} value={String(pattern.id)}>
                    {patternLabel(pattern)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="frequency_ghz"
                label="Frequency"
                type="number"
                fullWidth
                placeholder={tower.frequency_ghz}
                slotProps={{ ...unit('GHz'), htmlInput: { step: 0.1, min: 0.1 }, inputLabel: { shrink: true } }}
                helperText="Blank: the tower's"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="power_dbm"
                label="Power"
                type="number"
                fullWidth
                placeholder={tower.power_dbm}
                slotProps={{ ...unit('dBm'), htmlInput: { step: 1 }, inputLabel: { shrink: true } }}
                helperText="Into the antenna; blank: the tower's"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="height_m"
                label="Height"
                type="number"
                fullWidth
                placeholder={tower.antennaHeightM === null ? '' : formatNumber(tower.antennaHeightM)}
                slotProps={{ ...unit('m'), htmlInput: { step: 1, min: 1 }, inputLabel: { shrink: true } }}
                helperText={heightHint}
              />
            </Grid>
            <Grid size={12}>
              <FormSwitch control={control} name="active" label="Active" helperText="Inactive sectors are kept but not drawn or used." />
            </Grid>
          </Grid>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : sector ? 'Update Sector' : 'Add Sector'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
