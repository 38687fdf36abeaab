import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { type Control, type UseFormSetValue, useForm, useWatch } from 'react-hook-form';
import { useProviderScoped } from '../../auth/useCan.js';
import type { Provider } from '../../../common/api/providers.js';
import type { Tower } from '../../../common/api/towers.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useProviders } from '../providers/index.js';
import { NEW_TOWER_FORM, type TowerFormOutput, type TowerFormValues, towerForm, towerPayload, towerToForm } from './towerForm.js';
import type { TowerRadio } from './SectorDialog.js';
import { storedSectorPayload } from './sectorForm.js';
import { type SectorRow, SectorsTable } from './SectorsTable.js';
import { useSaveSector, useSaveTower, useTowers } from './towerQueries.js';

const CREATED_FALLBACK = 'Tower created successfully';
const UPDATED_FALLBACK = 'Tower updated successfully';
const SAVE_FAILED = 'Failed to save tower';

interface TowerDialogProps {
  /** The tower to edit; null adds a new one. */
  tower: Tower | null;
  onClose: () => void;
  /** After a save: the server's message, or the failure's. */
  onResult: (severity: 'success' | 'error', message: string) => void;
}

const unit = (text: string) => ({ input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });

/** The tower add/edit dialog (docs/admin-guide.md, Towers); mounted afresh for each opening. */
export function TowerDialog({ tower, onClose, onResult }: TowerDialogProps) {
  const editing = tower !== null;
  const titleId = useId();
  const formId = useId();
  const save = useSaveTower();
  const saveSector = useSaveSector();
  const { control, handleSubmit, setValue } = useForm<TowerFormValues, unknown, TowerFormOutput>({
    resolver: zodResolver(towerForm),
    defaultValues: tower ? towerToForm(tower) : NEW_TOWER_FORM,
  });
  /** A new tower's sectors, saved once it is created. */
  const [keptSectors, setKeptSectors] = useState<SectorRow[]>([]);
  const sectorRows = useStoredSectorRows(tower) ?? keptSectors;
  const towerRadio = useTowerRadio(control);
  const owners = useOwnerChoices(editing, setValue);
  const saving = save.isPending || saveSector.isPending;

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { id: tower?.id, body: towerPayload(values) },
      {
        onSuccess: async (envelope) => {
          const createdId = envelope.data?.id;
          const failed = editing || createdId === undefined ? [] : await saveKeptSectors(createdId);
          if (failed.length > 0) onResult('error', failed.join('; '));
          else onResult('success', envelope.message ?? (editing ? UPDATED_FALLBACK : CREATED_FALLBACK));
          onClose();
        },
        onError: (error) => onResult('error', errorMessage(error, SAVE_FAILED)),
      },
    );
  });

  /** The kept sectors, one after another (the server holds the tower's row for each); what failed, as messages. */
  const saveKeptSectors = async (towerId: number): Promise<string[]> => {
    const failed: string[] = [];
    for (const { sector } of keptSectors) {
      try {
        await saveSector.mutateAsync({ towerId, body: sector });
      } catch (error) {
        failed.push(`Tower created, but sector "${sector.name}" was not saved: ${errorMessage(error, 'Failed to save sector')}`);
      }
    }
    return failed;
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{editing ? 'Edit Tower' : 'Add New Tower'}</DialogTitle>
      <DialogContent dividers>
        <form id={formId} noValidate onSubmit={onSubmit}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <FormTextField control={control} name="name" label="Tower Name" required autoFocus fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="code" label="Code" fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="latitude"
                label="Latitude"
                type="number"
                required
                fullWidth
                slotProps={{ htmlInput: { step: 'any', min: -90, max: 90 } }}
                helperText="Degrees, -90 to 90 (south is negative)"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="longitude"
                label="Longitude"
                type="number"
                required
                fullWidth
                slotProps={{ htmlInput: { step: 'any', min: -180, max: 180 } }}
                helperText="Degrees, -180 to 180 (west is negative)"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="height_meters"
                label="Height"
                type="number"
                required
                fullWidth
                slotProps={{ ...unit('m'), htmlInput: { step: 1, min: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="antenna_height_meters"
                label="Antenna Height"
                type="number"
                fullWidth
                slotProps={{ ...unit('m'), htmlInput: { step: 1, min: 0 } }}
                helperText="Above the top of the structure"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="frequency_ghz"
                label="Frequency"
                type="number"
                fullWidth
                slotProps={{ ...unit('GHz'), htmlInput: { step: 0.1, min: 0.1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField control={control} name="power_dbm" label="Power" type="number" fullWidth slotProps={{ ...unit('dBm'), htmlInput: { step: 1 } }} />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField
                control={control}
                name="coverage_radius_km"
                label="Coverage Radius"
                type="number"
                required
                fullWidth
                slotProps={{ ...unit('km'), htmlInput: { step: 1, min: 1 } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="provider_id"
                label="Provider"
                select
                fullWidth
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
                helperText={
                  !owners.loaded
                    ? 'Loading providers...'
                    : owners.operatorAllowed
                      ? 'Who owns the tower: a provider, or the map operator'
                      : 'One of your providers owns the tower'
                }
              >
                {owners.operatorAllowed && <MenuItem value="">None (operator)</MenuItem>}
                {owners.providers.map((provider) => (
                  <MenuItem key={provider.id} value={String(provider.id)}>
                    {provider.name}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={12}>
              <FormTextField control={control} name="description" label="Description" multiline minRows={2} fullWidth />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                control={control}
                name="installed_date"
                label="Installed Date"
                type="date"
                fullWidth
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormSwitch control={control} name="active" label="Active" helperText="Inactive towers are left out of line of sight and coverage checks." />
            </Grid>
          </Grid>
        </form>
        {/* Outside the tower's form: a sector dialog's submit must not reach it through React's tree. */}
        <SectorsTable towerId={tower?.id ?? null} rows={sectorRows} tower={towerRadio} onKeptChange={setKeptSectors} onResult={onResult} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Update Tower' : 'Add Tower'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A stored tower's sectors as the tower list holds them now (it is asked again after each sector's change); null for a new tower. */
function useStoredSectorRows(tower: Tower | null): SectorRow[] | null {
  const towers = useTowers();
  if (!tower) return null;
  const current = towers.data?.find((candidate) => candidate.id === tower.id) ?? tower;
  return current.sectors.map((sector) => ({ key: `sector-${sector.id}`, id: sector.id, sector: storedSectorPayload(sector) }));
}

/**
 * The owners the Provider select offers: the providers the user may reach (the server lists only a
 * provider editor's own) and, except for a provider editor, none (the operator's tower). A provider
 * editor's new tower starts as their first provider's.
 */
function useOwnerChoices(
  editing: boolean,
  setValue: UseFormSetValue<TowerFormValues>,
): { providers: readonly Provider[]; operatorAllowed: boolean; loaded: boolean } {
  const providerEditor = useProviderScoped();
  const providers = useProviders();
  const first = providers.data?.[0];
  useEffect(() => {
    if (providerEditor && !editing && first) setValue('provider_id', String(first.id));
  }, [providerEditor, editing, first, setValue]);
  return { providers: providers.data ?? [], operatorAllowed: !providerEditor, loaded: providers.isSuccess };
}

/** What a sector left blank takes from the tower, as the tower form holds it now. */
function useTowerRadio(control: Control<TowerFormValues, unknown, TowerFormOutput>): TowerRadio {
  const [height, antennaHeight, frequency, power] = useWatch({ control, name: ['height_meters', 'antenna_height_meters', 'frequency_ghz', 'power_dbm'] });
  const total = Number(height) + Number(antennaHeight || 0);
  return { frequency_ghz: frequency, power_dbm: power, antennaHeightM: height.trim() !== '' && Number.isFinite(total) ? total : null };
}
