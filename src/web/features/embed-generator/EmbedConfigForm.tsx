import RestartAlt from '@mui/icons-material/RestartAlt';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import type { MapTheme } from '../../map/mapTypes.js';
import type { EmbedConfigField, EmbedConfigInput } from './embedConfigInput.js';

interface EmbedConfigFormProps {
  value: EmbedConfigInput;
  /** Why a typed value is not used (its default is used instead). */
  problems: Partial<Record<EmbedConfigField, string>>;
  onChange: (changes: Partial<EmbedConfigInput>) => void;
  onReset: () => void;
}

/** The generator's settings; the code follows every keystroke. */
export function EmbedConfigForm({ value, problems, onChange, onReset }: EmbedConfigFormProps) {
  return (
    <Stack component="form" noValidate onSubmit={(event) => event.preventDefault()} aria-label="Embed settings">
      <FormControlLabel
        sx={{ mt: 1 }}
        label="Show search bar"
        control={<Switch checked={value.showSearch} onChange={(_event, checked) => onChange({ showSearch: checked })} />}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label="Height"
          value={value.height}
          onChange={(event) => onChange({ height: event.target.value })}
          error={problems.height !== undefined}
          helperText={problems.height ?? 'CSS length, e.g. 600px or 80vh'}
        />
        <TextField
          label="Width"
          value={value.width}
          onChange={(event) => onChange({ width: event.target.value })}
          error={problems.width !== undefined}
          helperText={problems.width ?? 'CSS length, e.g. 100% or 800px'}
        />
      </Stack>
      <TextField select label="Theme" value={value.theme} onChange={(event) => onChange({ theme: event.target.value as MapTheme })}>
        <MenuItem value="light">Light</MenuItem>
        <MenuItem value="dark">Dark</MenuItem>
      </TextField>
      <TextField
        label="Zoom level"
        type="number"
        value={value.zoom}
        onChange={(event) => onChange({ zoom: event.target.value })}
        error={problems.zoom !== undefined}
        helperText={problems.zoom ?? `${EMBED_ZOOM_RANGE.min} (whole world) to ${EMBED_ZOOM_RANGE.max} (street level); starts at the public map's zoom`}
        slotProps={{ htmlInput: { min: EMBED_ZOOM_RANGE.min, max: EMBED_ZOOM_RANGE.max, step: 1, inputMode: 'numeric' } }}
      />
      <TextField
        label="Location"
        value={value.location}
        onChange={(event) => onChange({ location: event.target.value })}
        error={problems.location !== undefined}
        helperText={problems.location ?? 'Map centre as latitude,longitude; starts where the public map opens (Settings → Public map)'}
        placeholder="-25.7479,28.2293"
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
      <Button startIcon={<RestartAlt />} onClick={onReset} sx={{ alignSelf: 'flex-start', mt: 1 }}>
        Reset to defaults
      </Button>
    </Stack>
  );
}
