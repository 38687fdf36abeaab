import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { LosResult, LosTowerResult } from '../../../common/api/lineOfSight.js';
import type { LinkVerdict } from './losFormat.js';
import {
  formatDistance,
  formatFresnel,
  formatRequiredHeight,
  formatSignal,
  formatTerrainSource,
  linkVerdict,
  optimalTowerId,
  targetClutterText,
  VERDICT_LABELS,
} from './losFormat.js';
import { LOS_MAP_HEIGHT } from './LosMap.js';
import { LOS_MESSAGES } from './losSearch.js';

interface LosResultsPanelProps {
  /** An analysis was asked for. */
  requested: boolean;
  loading: boolean;
  error: string | null;
  result: LosResult | undefined;
  /** Where the target came from, e.g. the place name found; null for typed or dropped coordinates. */
  targetLabel: string | null;
  height: number | null;
  selectedId: number | null;
  onSelect: (towerId: number) => void;
}

const VERDICT_COLORS: Record<LinkVerdict, 'success' | 'error' | 'default'> = { clear: 'success', blocked: 'error', out_of_range: 'default' };

/** The results panel: one entry per tower, the best marked OPTIMAL; a click shows its profile. */
export function LosResultsPanel({ requested, loading, error, result, targetLabel, height, selectedId, onSelect }: LosResultsPanelProps) {
  const headingId = useId();
  const optimal = optimalTowerId(result);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      aria-busy={loading}
      sx={{ height: { md: LOS_MAP_HEIGHT }, display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} variant="h6" component="h2">
          Results
        </Typography>
        {result && (
          <>
            <Typography variant="body2" color="text.secondary">
              {targetLabel ? `${targetLabel} · ` : ''}
              {result.target.latitude.toFixed(6)}, {result.target.longitude.toFixed(6)}
              {height !== null ? ` · target ${height} m above ground` : ''}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, mt: 0.5 }}>
              {result.towers_with_los} of {result.total_towers} {result.total_towers === 1 ? 'tower has' : 'towers have'} clear line of sight
            </Typography>
          </>
        )}
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', position: 'relative' }}>
        {!requested && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {LOS_MESSAGES.empty}
          </Typography>
        )}
        {requested && loading && !result && (
          <Stack role="status" direction="row" spacing={1.5} sx={{ p: 2, alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>Analyzing line of sight...</Typography>
          </Stack>
        )}
        {requested && error && (
          <Alert severity="error" sx={{ m: 2 }}>
            {error}
          </Alert>
        )}
        {result && result.results.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            No active towers to analyse. Add towers under Tower Management.
          </Typography>
        )}
        {result && result.results.length > 0 && (
          <List aria-label="Line of sight results" disablePadding>
            {result.results.map((link) => (
              <ResultItem key={link.tower_id} link={link} optimal={link.tower_id === optimal} selected={link.tower_id === selectedId} onSelect={onSelect} />
            ))}
          </List>
        )}
      </Box>
    </Paper>
  );
}

function ResultItem({ link, optimal, selected, onSelect }: { link: LosTowerResult; optimal: boolean; selected: boolean; onSelect: (id: number) => void }) {
  const verdict = linkVerdict(link);
  const facts: [string, string][] = [
    ['Distance', formatDistance(link.distance_km)],
    ['Signal', formatSignal(link)],
    ['Fresnel clearance', formatFresnel(link)],
    ['Required height', formatRequiredHeight(link.required_height_m)],
    ['Terrain', formatTerrainSource(link.terrain_source)],
  ];
  const clutter = targetClutterText(link);
  if (clutter) facts.push(['Clutter', clutter]);
  return (
    <ListItem disablePadding divider>
      <ListItemButton
        selected={selected}
        onClick={() => onSelect(link.tower_id)}
        aria-current={selected ? 'true' : undefined}
        sx={{ display: 'block', py: 1.25 }}
      >
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {link.tower_name}
          </Typography>
          {link.tower_code && (
            <Typography variant="body2" color="text.secondary">
              ({link.tower_code})
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {optimal && <Chip label="OPTIMAL" size="small" color="success" sx={{ fontWeight: 700, letterSpacing: 0.5 }} />}
          <Chip
            label={VERDICT_LABELS[verdict]}
            size="small"
            color={VERDICT_COLORS[verdict]}
            variant="outlined"
            // The red of error.main reads at 4.4:1 on a selected result's tint; its dark shade passes 4.5:1.
            sx={{ fontWeight: 600, ...(verdict === 'blocked' && { color: 'error.dark' }) }}
          />
        </Stack>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, m: 0, mt: 0.75 }}>
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </ListItemButton>
    </ListItem>
  );
}
