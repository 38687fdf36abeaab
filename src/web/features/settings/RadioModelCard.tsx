import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import WifiTethering from '@mui/icons-material/WifiTethering';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldPath, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { CLUTTER_CLASS_LABELS, CLUTTER_CLASSES } from '../../../common/api/clutterAreas.js';
import { RADIO_CLIMATES, RADIO_MODELS, RADIO_SETTINGS_LIMITS, type RadioSettings } from '../../../common/api/radioSettings.js';
import { POLARIZATIONS } from '../../../common/itmInputs.js';
import { errorMessage, fieldErrorsOf } from '../../api/ApiError.js';
import { FormSwitch } from '../../ui/FormSwitch.js';
import { FormTextField } from '../../ui/FormTextField.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import {
  CLIMATE_LABELS,
  CPE_PROFILE_RANGE,
  MODEL_LABELS,
  NEW_CPE_PROFILE,
  POLARIZATION_LABELS,
  type RadioFormValues,
  radioFormOf,
  radioSettingsForm,
  withDefaultProfile,
  withoutProfile,
} from './radioSettingsForm.js';
import { useRadioSettings, useSaveRadioSettings } from './radioSettingsQueries.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';

const SAVED_FALLBACK = 'Radio settings saved';
const SAVE_FAILED = 'Failed to save the radio settings';

const unit = (text: string) => ({ input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> } });
const decimal = { inputMode: 'decimal' as const, autoComplete: 'off', spellCheck: false };

/** The propagation model, ITM's parameters, the clutter height and classes and the customer antennas (GET/PUT /api/settings/radio). */
export function RadioModelCard({ onResult }: { onResult: (severity: NoticeSeverity, message: string) => void }) {
  const settings = useRadioSettings();
  return (
    <SettingsCard
      headingId="radio-model-heading"
      icon={<WifiTethering color="primary" />}
      title="Radio model"
      description={
        <>
          How the wireless answers predict the signal from a tower to a customer&apos;s antenna. Saving recomputes the wireless footprints of every tower, which
          takes a while on a large network.
        </>
      }
    >
      <SettingsLoadState query={settings} loadingLabel="Loading the radio settings" failedText="Could not load the radio settings." />
      {settings.data && <RadioModelForm saved={settings.data} onResult={onResult} />}
    </SettingsCard>
  );
}

/** The settings' form, starting from those saved; a save makes what it saved the new start. */
function RadioModelForm({ saved, onResult }: { saved: RadioSettings; onResult: (severity: NoticeSeverity, message: string) => void }) {
  const save = useSaveRadioSettings();
  const profilesHeadingId = useId();
  const clutterHeadingId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { isDirty, errors },
  } = useForm<RadioFormValues, unknown, RadioSettings>({ resolver: zodResolver(radioSettingsForm), defaultValues: radioFormOf(saved) });
  const profiles = useFieldArray({ control, name: 'cpe_profiles' });
  const model = useWatch({ control, name: 'model' });
  const defaults = useWatch({ control, name: 'cpe_profiles' }).map((profile) => profile.is_default);
  const profilesError = errors.cpe_profiles?.root?.message ?? errors.cpe_profiles?.message;

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (envelope) => {
        reset(radioFormOf(envelope.data ?? values));
        onResult('success', envelope.message ?? SAVED_FALLBACK);
      },
      onError: (error) => {
        const byField = Object.entries(fieldErrorsOf(error));
        if (byField.length === 0) setFormError(errorMessage(error, SAVE_FAILED));
        byField.forEach(([field, message], i) => {
          const name = (field === 'cpe_profiles' ? 'cpe_profiles.root' : field) as FieldPath<RadioFormValues>;
          setError(name, { type: 'server', message }, { shouldFocus: i === 0 });
        });
      },
    });
  });

  const itmOnly = model !== 'itm';
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ mt: 2 }}>
      {formError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formError}
        </Alert>
      )}
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="model" label="Propagation model" select fullWidth>
            {RADIO_MODELS.map((value) => (
              <MenuItem key={value} value={value}>
                {MODEL_LABELS[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="clutter_height_m"
            label="Clutter height"
            fullWidth
            slotProps={{ ...unit('m'), htmlInput: decimal }}
            helperText="Trees and buildings added to the terrain between the ends of every path, outside the clutter areas"
          />
        </Grid>
      </Grid>

      <Typography id={clutterHeadingId} variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Clutter classes
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Inside a clutter area (uploaded below), its class&apos;s height replaces the clutter height, and a customer inside one loses its extra loss too.
      </Typography>
      <Table
        size="small"
        aria-labelledby={clutterHeadingId}
        sx={{
          mt: 1,
          maxWidth: 560,
          '& td, & th': { px: 1, py: 0.5, borderBottom: 0, verticalAlign: 'top' },
          // The class's name level with the middle of the 40 px fields beside it.
          '& tbody th': { pt: '14px' },
        }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Class</TableCell>
            <TableCell>Height</TableCell>
            <TableCell>Extra loss</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {CLUTTER_CLASSES.map((name) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row">
                {CLUTTER_CLASS_LABELS[name]}
              </TableCell>
              <TableCell>
                <FormTextField
                  control={control}
                  name={`clutter_classes.${name}.height_m`}
                  size="small"
                  margin="none"
                  fullWidth
                  slotProps={{ ...unit('m'), htmlInput: { ...decimal, 'aria-label': `${CLUTTER_CLASS_LABELS[name]} height` } }}
                />
              </TableCell>
              <TableCell>
                <FormTextField
                  control={control}
                  name={`clutter_classes.${name}.extra_loss_db`}
                  size="small"
                  margin="none"
                  fullWidth
                  slotProps={{ ...unit('dB'), htmlInput: { ...decimal, 'aria-label': `${CLUTTER_CLASS_LABELS[name]} extra loss` } }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        ITM parameters
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {itmOnly
          ? 'Used by ITM only: kept for when you choose it again.'
          : 'The usual values suit most places: average ground, a temperate climate, the median of time, locations and situations.'}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="itm.relative_permittivity"
            label="Ground permittivity"
            fullWidth
            disabled={itmOnly}
            slotProps={{ htmlInput: decimal }}
            helperText="Relative; 15 average ground"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="itm.conductivity_s_per_m"
            label="Ground conductivity"
            fullWidth
            disabled={itmOnly}
            slotProps={{ ...unit('S/m'), htmlInput: decimal }}
            helperText="0.005 average ground"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="itm.surface_refractivity_n"
            label="Surface refractivity"
            fullWidth
            disabled={itmOnly}
            slotProps={{ ...unit('N'), htmlInput: decimal }}
            helperText="N-units, 250 to 400; 301 typical"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="itm.radio_climate" label="Radio climate" select fullWidth disabled={itmOnly}>
            {RADIO_CLIMATES.map((value) => (
              <MenuItem key={value} value={value}>
                {CLIMATE_LABELS[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="itm.polarization" label="Polarisation" select fullWidth disabled={itmOnly}>
            {POLARIZATIONS.map((value) => (
              <MenuItem key={value} value={value}>
                {POLARIZATION_LABELS[value]}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        {(
          [
            ['itm.time_percent', 'Time'],
            ['itm.location_percent', 'Locations'],
            ['itm.situation_percent', 'Situations'],
          ] as const
        ).map(([name, label]) => (
          <Grid key={name} size={{ xs: 12, sm: 4 }}>
            <FormTextField
              control={control}
              name={name}
              label={label}
              fullWidth
              disabled={itmOnly}
              slotProps={{ ...unit('%'), htmlInput: decimal }}
              helperText="Above 0, below 100; 50 the median"
            />
          </Grid>
        ))}
      </Grid>

      <Stack direction="row" sx={{ mt: 3, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={profilesHeadingId} variant="subtitle2" component="h3">
          Customer antennas (CPE profiles)
        </Typography>
        <Button
          size="small"
          startIcon={<Add />}
          disabled={profiles.fields.length >= CPE_PROFILE_RANGE.max}
          onClick={() => profiles.append(NEW_CPE_PROFILE, { shouldFocus: true })}
        >
          Add profile
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        The antennas a customer may mount, {CPE_PROFILE_RANGE.min} to {CPE_PROFILE_RANGE.max}. The footprints and the public map are drawn for the default one.
      </Typography>
      {profilesError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {profilesError}
        </Alert>
      )}
      <Box role="list" aria-labelledby={profilesHeadingId} sx={{ mt: 1 }}>
        {profiles.fields.map((field, index) => (
          <Grid key={field.id} role="listitem" container spacing={1.5} sx={{ alignItems: 'flex-start', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormTextField control={control} name={`cpe_profiles.${index}.name`} label={`Profile ${index + 1} name`} size="small" fullWidth />
            </Grid>
            <Grid size={{ xs: 6, sm: 4, md: 2 }}>
              <FormTextField
                control={control}
                name={`cpe_profiles.${index}.gain_dbi`}
                label="Gain"
                size="small"
                fullWidth
                slotProps={{ ...unit('dBi'), htmlInput: decimal }}
              />
            </Grid>
            <Grid size={{ xs: 6, sm: 4, md: 2 }}>
              <FormTextField
                control={control}
                name={`cpe_profiles.${index}.height_m`}
                label="Height"
                size="small"
                fullWidth
                slotProps={{ ...unit('m'), htmlInput: decimal }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4, md: 2 }}>
              <FormTextField
                control={control}
                name={`cpe_profiles.${index}.least_usable_signal_dbm`}
                label="Least usable signal"
                size="small"
                fullWidth
                slotProps={{ ...unit('dBm'), htmlInput: decimal }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center', justifyContent: { xs: 'space-between', md: 'flex-end' } }}>
              <FormControlLabel
                label="Default"
                control={
                  <Radio
                    checked={defaults[index] ?? false}
                    onChange={() => {
                      withDefaultProfile(getValues('cpe_profiles'), index).forEach((profile, i) =>
                        setValue(`cpe_profiles.${i}.is_default`, profile.is_default, { shouldDirty: true }),
                      );
                    }}
                    slotProps={{ input: { 'aria-label': `Profile ${index + 1} is the default` } }}
                  />
                }
              />
              <Tooltip title="Remove" describeChild>
                <span>
                  <IconButton
                    aria-label={`Remove profile ${index + 1}`}
                    disabled={profiles.fields.length <= CPE_PROFILE_RANGE.min}
                    onClick={() => profiles.replace(withoutProfile(getValues('cpe_profiles'), index))}
                  >
                    <DeleteOutline />
                  </IconButton>
                </span>
              </Tooltip>
            </Grid>
          </Grid>
        ))}
      </Box>

      <Typography variant="subtitle2" component="h3" sx={{ mt: 3 }}>
        Calibration and reliability
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Measured signals (Measurements) show how far the predictions miss. Calibration corrects the map by them; the reliability sets how sure a spot must be to
        be drawn as served.
      </Typography>
      <FormSwitch
        control={control}
        name="calibration"
        label="Calibrate the predictions with the measurements"
        helperText="Adds the fitted corrections (per sector, per clutter class and around each measured spot) to every wireless answer, the footprints and the public map. The Measurements report shows the cross-validated error before you switch it on."
      />
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="reliability_percent"
            label="Required reliability"
            fullWidth
            slotProps={{ ...unit('%'), htmlInput: decimal }}
            helperText={`${RADIO_SETTINGS_LIMITS.reliabilityPercent.min} to ${RADIO_SETTINGS_LIMITS.reliabilityPercent.max}: the footprints show where service is at least this likely; 50 draws the median prediction`}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="calibration_range_m"
            label="Calibration range"
            fullWidth
            slotProps={{ ...unit('m'), htmlInput: decimal }}
            helperText="How far around a measured spot its error corrects the map, fading to nothing at this distance"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormTextField
            control={control}
            name="prediction_spread_db"
            label="Prediction spread"
            fullWidth
            slotProps={{ ...unit('dB'), htmlInput: decimal }}
            helperText="How far predictions are assumed to miss (σ) until enough measurements tell; 8 to 12 dB is usual for an untuned model"
          />
        </Grid>
      </Grid>

      <Typography variant="body2" sx={{ mt: 2 }}>
        Saving recomputes the wireless footprints of every tower with these settings.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" disabled={save.isPending || !isDirty}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        {isDirty && (
          <Button
            onClick={() => {
              reset();
              setFormError(null);
            }}
          >
            Cancel
          </Button>
        )}
      </Stack>
    </Box>
  );
}
