import MapOutlined from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import type { ChangeEvent, FormEvent } from 'react';
import type { StartView } from '../../../common/api/mapStart.js';
import { EMBED_ZOOM_RANGE, PUBLIC_MAP_CENTER } from '../../../common/mapDefaults.js';
import { errorMessage } from '../../api/ApiError.js';
import { SettingsCard } from './SettingsCard.js';
import { SettingsLoadState } from './SettingsLoadState.js';
import { ConfiguredBaseMap } from '../../map/ConfiguredBaseMap.js';
import type { LatLng } from '../../map/mapTypes.js';
import { resolveStartView } from '../../map/startView.js';
import type { NoticeSeverity } from '../../ui/useNotice.js';
import { MapCameraWatcher } from './MapCameraWatcher.js';
import { checkMapStartInput, type MapStartField, type MapStartInput, mapStartInputFromCamera, mapStartInputOf } from './mapStartForm.js';
import { useMapStartSettings, useSaveMapStart } from './mapStartQueries.js';

const SAVED_FALLBACK = 'Public map start saved';
const SAVE_FAILED = 'Failed to save the public map start';
const PREVIEW_HEIGHT = 260;

interface PublicMapStartCardProps {
  onResult: (severity: NoticeSeverity, message: string) => void;
}

/** Where the public map, the widget and the embed open: fit to the coverage (the default) or a fixed centre and zoom. */
export function PublicMapStartCard({ onResult }: PublicMapStartCardProps) {
  const settings = useMapStartSettings();
  const save = useSaveMapStart();
  /** The form being edited; null while it shows the saved setting. */
  const [edited, setEdited] = useState<MapStartInput | null>(null);
  const [problems, setProblems] = useState<Partial<Record<MapStartField, string>>>({});
  const camera = useRef<{ center: LatLng; zoom: number } | null>(null);
  const onCamera = useCallback((center: LatLng, zoom: number) => {
    camera.current = { center, zoom };
  }, []);

  const input = edited ?? (settings.data ? mapStartInputOf(settings.data.setting) : null);
  const change = (changes: Partial<MapStartInput>) => {
    if (!input) return;
    setEdited({ ...input, ...changes });
    setProblems({});
  };
  const changeField = (field: MapStartField, value: string) => {
    if (!input) return;
    setEdited({ ...input, [field]: value });
    setProblems({});
  };
  const takeMapView = () => {
    if (!camera.current) return;
    setEdited(mapStartInputFromCamera(camera.current.center, camera.current.zoom));
    setProblems({});
  };

  const onSave = () => {
    if (!input) return;
    const checked = checkMapStartInput(input);
    if ('problems' in checked) {
      setProblems(checked.problems);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: (envelope) => {
        setEdited(null);
        onResult('success', envelope.message ?? SAVED_FALLBACK);
      },
      onError: (error) => onResult('error', errorMessage(error, SAVE_FAILED)),
    });
  };

  const fieldProps = (field: MapStartField) => ({
    value: input?.[field] ?? '',
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => changeField(field, event.target.value),
    error: problems[field] !== undefined,
    slotProps: { htmlInput: { inputMode: 'decimal' as const, spellCheck: false, autoComplete: 'off' } },
  });

  return (
    <SettingsCard
      headingId="public-map-heading"
      icon={<MapOutlined color="primary" />}
      title="Public map"
      description={<>Where the public map, the widget and embedded maps open. An embed whose code sets a location or zoom keeps its own.</>}
    >
      <SettingsLoadState query={settings} loadingLabel="Loading the public map settings" failedText="Could not load the public map settings." />
      {settings.isSuccess && input && (
        <Box
          component="form"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSave();
          }}
        >
          <Typography variant="body2" sx={{ mt: 2 }} data-testid="public-map-now">
            {describeStartView(settings.data.start_view)}
          </Typography>
          <RadioGroup
            aria-label="Where the public map opens"
            value={input.mode}
            onChange={(event) => change({ mode: event.target.value === 'fixed' ? 'fixed' : 'coverage' })}
            sx={{ mt: 1 }}
          >
            <FormControlLabel value="coverage" control={<Radio />} label="Fit to my coverage (the active layers and the towers' reach)" />
            <FormControlLabel value="fixed" control={<Radio />} label="A fixed start: the centre and zoom below" />
          </RadioGroup>

          <Box sx={{ height: PREVIEW_HEIGHT, mt: 1, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
            <StartPreviewMap startView={settings.data.start_view} onCamera={onCamera} />
          </Box>
          <Button size="small" onClick={takeMapView} sx={{ mt: 1 }}>
            Use the map&apos;s current view
          </Button>

          {/* Fitting the coverage needs no numbers: the fields show for a fixed start only. */}
          {input.mode === 'fixed' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
              <TextField label="Latitude" {...fieldProps('latitude')} helperText={problems.latitude ?? '-90 to 90'} />
              <TextField label="Longitude" {...fieldProps('longitude')} helperText={problems.longitude ?? '-180 to 180'} />
              <TextField label="Zoom" {...fieldProps('zoom')} helperText={problems.zoom ?? `${EMBED_ZOOM_RANGE.min} to ${EMBED_ZOOM_RANGE.max}`} />
            </Stack>
          )}

          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" disabled={save.isPending || edited === null}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
            {edited !== null && (
              <Button
                onClick={() => {
                  setEdited(null);
                  setProblems({});
                }}
              >
                Cancel
              </Button>
            )}
          </Stack>
        </Box>
      )}
    </SettingsCard>
  );
}

/** The saved start view on a small map, which the administrator may move to pick a fixed start. */
function StartPreviewMap({ startView, onCamera }: { startView: StartView | null; onCamera: (center: LatLng, zoom: number) => void }) {
  const view = resolveStartView(startView, PUBLIC_MAP_CENTER);
  return (
    <ConfiguredBaseMap theme="light" center={view.center} zoom={view.zoom} bounds={view.bounds} label="Public map start">
      <MapCameraWatcher onChange={onCamera} />
    </ConfiguredBaseMap>
  );
}

/** One sentence on where the maps open now. */
function describeStartView(startView: StartView | null): string {
  if (!startView) return 'There is no coverage yet: the maps open on their default places until you add a layer or a tower, or choose a fixed start.';
  const where = `${startView.center.lat.toFixed(4)}, ${startView.center.lng.toFixed(4)} at zoom ${startView.zoom.toFixed(1)}`;
  return startView.source === 'coverage' ? `The maps open fitted to your coverage (about ${where} in a laptop window).` : `The maps open at ${where}.`;
}
