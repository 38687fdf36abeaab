import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TowerFootprintState } from '../../../common/api/footprints.js';
import { errorMessage } from '../../api/ApiError.js';
import { formatComputedAt } from './towerFormat.js';
import { downloadFootprint } from './towerQueries.js';

interface FootprintCellProps {
  towerName: string;
  active: boolean;
  state: TowerFootprintState | undefined;
  onError: (message: string) => void;
}

/** A tower's predicted footprint on its row: queued, the progress while computed, then when it was computed and its exports. */
export function FootprintCell({ towerName, active, state, onError }: FootprintCellProps) {
  const [saving, setSaving] = useState(false);
  if (!active) {
    return (
      <Typography variant="body2" color="text.secondary" aria-label="None: inactive towers have no footprint">
        —
      </Typography>
    );
  }
  if (state?.status === 'queued') {
    return (
      <Typography variant="body2" title="What it depends on changed: it waits its turn to be computed again">
        Queued
      </Typography>
    );
  }
  if (!state || state.status === 'computing') {
    const percent = Math.round((state?.progress ?? 0) * 100);
    return (
      // "Computing" and the percentage may take two lines, so the table keeps to a 1280 px window.
      <Stack spacing={0.5} sx={{ minWidth: 72 }}>
        <Typography variant="body2">Computing {percent}%</Typography>
        <LinearProgress variant="determinate" value={percent} aria-label={`${towerName} footprint progress`} />
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Typography variant="body2" color="error" title={state.error ?? undefined}>
        Failed
      </Typography>
    );
  }
  const save = (format: 'kml' | 'geojson') => {
    setSaving(true);
    downloadFootprint(state.tower_id, format)
      .catch((error: unknown) => onError(errorMessage(error, 'Could not download the footprint')))
      .finally(() => setSaving(false));
  };
  return (
    // Wraps the buttons under "Ready" and its time when the table is narrow.
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', '& .MuiButton-root': { minWidth: 0, px: 0.5 } }}>
      <Stack sx={{ mr: 0.5 }}>
        <Typography variant="body2">Ready</Typography>
        <Typography variant="caption" color="text.secondary">
          {/* A ready footprint's state last moved when it was computed. */}
          Computed {formatComputedAt(state.updated_at)}
        </Typography>
      </Stack>
      <Button size="small" disabled={saving} onClick={() => save('kml')} aria-label={`Download ${towerName} footprint as KML`}>
        KML
      </Button>
      <Button size="small" disabled={saving} onClick={() => save('geojson')} aria-label={`Download ${towerName} footprint as GeoJSON`}>
        GeoJSON
      </Button>
    </Stack>
  );
}
