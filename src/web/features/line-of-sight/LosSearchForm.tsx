import CheckBox from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlank from '@mui/icons-material/CheckBoxOutlineBlank';
import PushPinOutlined from '@mui/icons-material/PushPinOutlined';
import Search from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import { useId } from 'react';
import type { FormEvent } from 'react';
import type { Tower } from '../../../common/api/towers.js';
import { TARGET_HEIGHT_INPUT, towerFilterLabel } from './losSearch.js';

interface LosSearchFormProps {
  search: string;
  onSearchChange: (value: string) => void;
  heightText: string;
  onHeightChange: (value: string) => void;
  /** The towers the filter offers (the active ones). */
  towers: readonly Pick<Tower, 'id' | 'name' | 'code'>[];
  selectedTowerIds: number[];
  onSelectedTowersChange: (ids: number[]) => void;
  busy: boolean;
  onAnalyze: () => void;
  pinDrop: boolean;
  onPinDropChange: (on: boolean) => void;
  /** The search's problem (not found, malformed coordinates, failed search). */
  error: string | null;
}

/**
 * The inputs: the search (coordinates or a place name), Target Height
 * (m), the Tower Filter, Analyze LOS, and the pin-drop toggle.
 */
export function LosSearchForm(props: LosSearchFormProps) {
  const {
    search,
    onSearchChange,
    heightText,
    onHeightChange,
    towers,
    selectedTowerIds,
    onSelectedTowersChange,
    busy,
    onAnalyze,
    pinDrop,
    onPinDropChange,
    error,
  } = props;
  const filterLabelId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (search.trim() !== '' && !busy) onAnalyze();
  };

  return (
    <Paper variant="outlined" component="form" role="search" aria-label="Line of sight search" noValidate onSubmit={submit} sx={{ p: 2, mb: 2 }}>
      <Grid container spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <TextField
            label="Search location"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder={'-33.9249, 18.4241 · 33°55\'30"S 18°25\'27"E · a place name'}
            margin="none"
            error={error !== null}
            helperText="Coordinates (decimal or degrees-minutes-seconds) or a place name"
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { spellCheck: false },
            }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 4, md: 2 }}>
          <TextField
            label="Target Height (m)"
            type="number"
            value={heightText}
            onChange={(event) => onHeightChange(event.target.value)}
            margin="none"
            helperText="Antenna above ground"
            slotProps={{ htmlInput: { min: TARGET_HEIGHT_INPUT.min, max: TARGET_HEIGHT_INPUT.max, step: TARGET_HEIGHT_INPUT.step } }}
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 8, md: 3 }}>
          <FormControl fullWidth>
            <InputLabel id={filterLabelId} shrink>
              Tower Filter
            </InputLabel>
            <Select
              labelId={filterLabelId}
              label="Tower Filter"
              multiple
              displayEmpty
              notched
              value={selectedTowerIds}
              onChange={(event) => {
                const value = event.target.value;
                onSelectedTowersChange(typeof value === 'string' ? value.split(',').map(Number) : value);
              }}
              renderValue={(selected) => towerFilterLabel(selected.length)}
              MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
            >
              {towers.length === 0 && (
                <MenuItem disabled value={-1}>
                  No active towers
                </MenuItem>
              )}
              {towers.map((tower) => (
                <MenuItem key={tower.id} value={tower.id}>
                  {/* A picture of a checkbox, not a control: the option itself is what is chosen (aria-selected). */}
                  <ListItemIcon aria-hidden>
                    {selectedTowerIds.includes(tower.id) ? <CheckBox color="primary" fontSize="small" /> : <CheckBoxOutlineBlank fontSize="small" />}
                  </ListItemIcon>
                  <ListItemText primary={tower.name} secondary={tower.code} />
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Grid>
        <Grid size={{ xs: 12, md: 3 }} sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" size="large" disabled={busy || search.trim() === ''} sx={{ flex: 1, whiteSpace: 'nowrap', height: 56 }}>
            {busy ? 'Analyzing...' : 'Analyze LOS'}
          </Button>
          <ToggleButton
            value="pin-drop"
            selected={pinDrop}
            onChange={() => onPinDropChange(!pinDrop)}
            aria-label="Drop pin on map"
            title={pinDrop ? 'Cancel: the map click will not choose the target' : 'Drop a pin: click the map to choose the target'}
            color="primary"
            sx={{ height: 56, width: 56 }}
          >
            <PushPinOutlined />
          </ToggleButton>
        </Grid>
      </Grid>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </Paper>
  );
}
