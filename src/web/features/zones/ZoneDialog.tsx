import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AdminZone } from '../../../common/api/zones.js';
import { errorMessage } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import { useProviders } from '../providers/index.js';
import { type OutlineTool } from './ZoneOutlineDrawing.js';
import { ZoneOutlineEditor } from './ZoneOutlineEditor.js';
import { NEW_ZONE_FORM, ZONE_MESSAGE_MAX, type ZoneFormOutput, type ZoneFormValues, zoneForm, zonePayload, zoneToForm } from './zoneForm.js';
import { publicProgressLine } from './zoneFormat.js';
import { crossingPointOf } from './zoneOutline.js';
import type { ZoneGeometry } from '../../../common/api/zones.js';
import { useSaveZone } from './zonesQueries.js';

const CREATED_FALLBACK = 'Zone created successfully';
const UPDATED_FALLBACK = 'Zone updated successfully';
const SAVE_FAILED = 'Failed to save zone';
const NO_OUTLINE = "Draw the zone's outline on the map, or upload a KML, KMZ or GeoJSON file.";

interface ZoneDialogProps {
  /** The zone to edit; null adds a new one. */
  zone: AdminZone | null;
  onClose: () => void;
  /** After a save: the server's message. */
  onSaved: (message: string) => void;
}

/**
 * The zone add/edit dialog, mounted afresh for each opening. A refusal (the vertex limit, an outline
 * that crosses itself) stays in the dialog with what was drawn, to be put right and saved again.
 */
export function ZoneDialog({ zone, onClose, onSaved }: ZoneDialogProps) {
  const editing = zone !== null;
  const titleId = useId();
  const formId = useId();
  const save = useSaveZone();
  const providers = useProviders();
  const { control, handleSubmit } = useForm<ZoneFormValues, unknown, ZoneFormOutput>({
    resolver: zodResolver(zoneForm),
    defaultValues: zone ? zoneToForm(zone) : NEW_ZONE_FORM,
  });
  const [geometry, setGeometry] = useState<ZoneGeometry | null>(zone?.geometry ?? null);
  const [tool, setTool] = useState<OutlineTool>(zone ? 'none' : 'draw');
  const [outlineMissing, setOutlineMissing] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [goal, message] = useWatch({ control, name: ['goal', 'message'] });
  const providerList = providers.data ?? [];
  /** Where a refusal says the outline crosses itself (one object per refusal: the marker follows its identity). */
  const crossing = useMemo(() => (saveError ? crossingPointOf(saveError) : null), [saveError]);

  const changeOutline = (next: ZoneGeometry | null) => {
    setGeometry(next);
    setOutlineMissing(false);
    setSaveError(null);
  };

  const onSubmit = handleSubmit((values) => {
    if (!geometry) {
      setOutlineMissing(true);
      return;
    }
    setSaveError(null);
    save.mutate(
      { id: zone?.id, body: zonePayload(values, geometry === zone?.geometry ? undefined : geometry) },
      {
        onSuccess: (envelope) => {
          onSaved(envelope.message ?? (editing ? UPDATED_FALLBACK : CREATED_FALLBACK));
          onClose();
        },
        onError: (error) => setSaveError(errorMessage(error, SAVE_FAILED)),
      },
    );
  });

  // Stray clicks beside the map must not throw a drawing away, and Esc belongs to the drawing tool
  // (it drops the unfinished polygon): the dialog closes by its buttons, and by Esc when not drawing.
  const closeUnlessDrawing = (_event: unknown, reason: 'backdropClick' | 'escapeKeyDown') => {
    if (save.isPending || reason === 'backdropClick' || tool === 'draw') return;
    onClose();
  };

  return (
    <Dialog open onClose={closeUnlessDrawing} aria-labelledby={titleId} maxWidth="lg" fullWidth scroll="paper">
      <DialogTitle id={titleId}>{editing ? `Edit ${zone.name}` : 'Add Zone'}</DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <form id={formId} noValidate onSubmit={onSubmit}>
              <Stack spacing={2}>
                <FormTextField control={control} name="name" label="Zone Name" required autoFocus fullWidth />
                <FormTextField
                  control={control}
                  name="provider_id"
                  label="Provider"
                  required
                  select
                  fullWidth
                  helperText={providers.isPending ? 'Loading providers...' : providerList.length === 0 ? 'Add a provider in Providers first.' : undefined}
                >
                  {providerList.map((provider) => (
                    <MenuItem key={provider.id} value={String(provider.id)}>
                      {provider.name}
                    </MenuItem>
                  ))}
                </FormTextField>
                <Stack direction="row" spacing={2}>
                  <FormTextField
                    control={control}
                    name="goal"
                    label="Goal"
                    type="number"
                    required
                    fullWidth
                    slotProps={{ htmlInput: { step: 1, min: 1, max: 1_000_000 } }}
                    helperText="Confirmed pre-registrations"
                  />
                  <FormTextField
                    control={control}
                    name="deadline"
                    label="Deadline"
                    type="date"
                    fullWidth
                    slotProps={{ inputLabel: { shrink: true } }}
                    helperText="Optional"
                  />
                </Stack>
                <FormTextField
                  control={control}
                  name="message"
                  label="Message"
                  fullWidth
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: ZONE_MESSAGE_MAX } }}
                  helperText={`On the public map: "${publicProgressLine(zone?.confirmed_count ?? 0, goal, message)}" (${message.length}/${ZONE_MESSAGE_MAX})`}
                />
                <FormSwitch control={control} name="active" label="Active" helperText="Only active zones are on the public map." />
              </Stack>
            </form>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <ZoneOutlineEditor
              geometry={geometry}
              onChange={changeOutline}
              tool={tool}
              onToolChange={setTool}
              problem={outlineMissing ? NO_OUTLINE : null}
              crossing={crossing}
            />
            {saveError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {saveError}
              </Alert>
            )}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Update Zone' : 'Add Zone'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
