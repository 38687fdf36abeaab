import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useMemo } from 'react';
import type { LosTowerResult } from '../../../common/api/lineOfSight.js';
import { formatDistance, formatFresnel, terrainNote } from './losFormat.js';
import { LOS_COLORS } from './losMapLayers.js';
import { profileSeries } from './profileSeries.js';

// The charting library is a download of its own, fetched when the first profile is shown.
const ProfileChart = lazy(() => import('./ProfileChart.js'));

/** The elevation profile of the selected tower's path, with a note of where the terrain came from. */
export function ProfileCard({ link }: { link: LosTowerResult | null }) {
  const headingId = useId();
  const series = useMemo(() => (link ? profileSeries(link) : null), [link]);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2, height: '100%' }}>
      <Typography id={headingId} variant="h6" component="h2">
        Elevation profile{link ? `: ${link.tower_name}` : ''}
      </Typography>
      {!link && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Analyse a location, then choose a tower in the results to see its path over the terrain.
        </Typography>
      )}
      {link && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', color: 'text.secondary', mt: 0.5, mb: 1 }}>
          <Typography variant="body2">{terrainNote(link)}</Typography>
          {series && <Typography variant="body2">Path {formatDistance(link.distance_km)}</Typography>}
          {series && <Typography variant="body2">Fresnel clearance: {formatFresnel(link)}</Typography>}
        </Stack>
      )}
      {link && !series && (
        <Alert severity="info" sx={{ mt: 1 }}>
          No profile: the target is beyond this tower&apos;s coverage radius.
        </Alert>
      )}
      {link && series && (
        <figure aria-label={`Elevation profile from ${link.tower_name} to the target`} style={{ margin: 0 }}>
          <Suspense fallback={<Skeleton variant="rectangular" height={320} role="status" aria-label="Loading chart" />}>
            <ProfileChart series={series} rayColor={link.has_line_of_sight ? LOS_COLORS.clearLine : LOS_COLORS.blockedLine} />
          </Suspense>
        </figure>
      )}
    </Paper>
  );
}
